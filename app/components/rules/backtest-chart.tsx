/**
 * The backtest's fires per day as a small SVG bar chart: a bar per replayed day, its height the
 * campaigns the rule would have acted on (the fired ones behind it, lighter). Screen readers get
 * the day table that follows the chart instead.
 */
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import type { BacktestDay } from "#core/rules/backtest-rule.ts";

const HEIGHT = 140;
const GAP = 2;

export function BacktestChart({ days }: { days: BacktestDay[] }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  const max = Math.max(1, ...days.map((day) => day.fired));
  const width = Math.max(days.length * 12, 240);
  const barWidth = width / Math.max(days.length, 1) - GAP;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-36 w-full" aria-hidden="true">
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" />
        {days.map((day, index) => {
          const x = index * (barWidth + GAP);
          const firedHeight = (day.fired / max) * (HEIGHT - 8);
          const actedHeight = (day.acted.length / max) * (HEIGHT - 8);
          return (
            <g key={day.date}>
              <title>
                {t("backtest.barTitle", {
                  date: format.shortDate(day.date),
                  fired: day.fired,
                  acted: day.acted.length,
                })}
              </title>
              <rect
                x={x}
                y={HEIGHT - firedHeight}
                width={barWidth}
                height={firedHeight}
                rx={1.5}
                fill="var(--chart-1)"
                opacity={0.25}
              />
              <rect
                x={x}
                y={HEIGHT - actedHeight}
                width={barWidth}
                height={actedHeight}
                rx={1.5}
                fill="var(--chart-1)"
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-xs">
        <span>{first ? format.shortDate(first.date) : null}</span>
        <span className="flex items-center gap-3">
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-chart-1" />
            {t("backtest.legendActed")}
          </span>
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-chart-1/25" />
            {t("backtest.legendFired")}
          </span>
        </span>
        <span>{last ? format.shortDate(last.date) : null}</span>
      </figcaption>
    </figure>
  );
}
