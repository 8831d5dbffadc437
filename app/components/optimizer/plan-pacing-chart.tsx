/**
 * The month's spend against the plan (recharts): the ideal cumulative curve (dashed), the actual
 * cumulative spend to today, and from today the forecast with its 80% band. Screen readers get a
 * one-sentence summary instead. It draws after hydration; the server sends a placeholder of the
 * same height.
 */
import { useTranslation } from "react-i18next";
import { Area, CartesianGrid, ComposedChart, Line, Tooltip, type TooltipContentProps, XAxis, YAxis } from "recharts";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import type { PlanPacing } from "#core/budgets/budget-pacing-forecast.ts";

const HEIGHT = 240;

interface ChartPoint {
  date: string;
  plan: number | null;
  spent: number | null;
  forecast: number | null;
  band: [number, number] | null;
}

export function PlanPacingChart({ pacing, currency, today }: { pacing: PlanPacing; currency: string; today: string }) {
  const { t } = useTranslation("budgets");
  const format = useMetricFormat();
  const isHydrated = useIsHydrated();
  const money = (amountMinor: number) => format.money(amountMinor, currency);
  const data: ChartPoint[] = pacing.days.map((day) => ({
    date: day.date,
    plan: day.idealMinor,
    spent: day.date <= today ? day.actualMinor : null,
    forecast: day.projected?.meanMinor ?? null,
    band: day.projected ? [day.projected.lowMinor, day.projected.highMinor] : null,
  }));
  const series = [
    { key: "plan", label: t("pacing.chartPlan"), color: "var(--muted-foreground)" },
    { key: "spent", label: t("pacing.chartSpent"), color: "var(--chart-1)" },
    { key: "forecast", label: t("pacing.chartForecast"), color: "var(--chart-2)" },
    { key: "band", label: t("pacing.chartRange"), color: "var(--chart-2)" },
  ];
  return (
    <figure className="flex min-w-0 flex-col gap-3" aria-label={t("pacing.chartTitle")}>
      <div style={{ height: HEIGHT }} className="w-full min-w-0" aria-hidden="true">
        {isHydrated ? (
          <ComposedChart
            responsive
            style={{ width: "100%", height: HEIGHT }}
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="date"
              tickFormatter={format.shortDate}
              tickLine={false}
              axisLine={false}
              tickMargin={8}
              minTickGap={28}
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            />
            <YAxis
              tickFormatter={(value: number) => format.axisMoney(value, currency)}
              tickLine={false}
              axisLine={false}
              width="auto"
              niceTicks="snap125"
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            />
            <Tooltip
              cursor={{ stroke: "var(--border)" }}
              content={(props: TooltipContentProps) => <PacingTooltip {...props} money={money} series={series} />}
            />
            <Area
              dataKey="band"
              name={t("pacing.chartRange")}
              stroke="none"
              fill="var(--chart-2)"
              fillOpacity={0.18}
              isAnimationActive={false}
              connectNulls={false}
            />
            <Line
              dataKey="plan"
              name={t("pacing.chartPlan")}
              stroke="var(--muted-foreground)"
              strokeDasharray="5 4"
              strokeWidth={1.5}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="forecast"
              name={t("pacing.chartForecast")}
              stroke="var(--chart-2)"
              strokeDasharray="2 3"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="spent"
              name={t("pacing.chartSpent")}
              stroke="var(--chart-1)"
              strokeWidth={2.5}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-muted-foreground text-xs">
        {series.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-2.5 w-3.5 shrink-0 rounded-[3px]"
              style={{ backgroundColor: item.color, opacity: item.key === "band" ? 0.25 : 1 }}
            />
            {item.label}
          </li>
        ))}
      </ul>
      <figcaption className="sr-only">
        {t("pacing.chartSummary", {
          date: format.shortDate(today),
          spent: money(pacing.spentMinor),
          planned: money(pacing.idealToDateMinor),
          forecast: money(pacing.projection.meanMinor),
          low: money(pacing.projection.lowMinor),
          high: money(pacing.projection.highMinor),
          budget: money(pacing.budgetMinor),
        })}
      </figcaption>
      {/* The days as a hidden table (its wrapper carries .sr-only, so a phone page keeps its width). */}
      <div className="sr-only">
        <table>
          <caption>{t("pacing.chartTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("pacing.chartDate")}</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.date}>
                <th scope="row">{format.shortDate(point.date)}</th>
                <td>{point.plan === null ? "—" : money(point.plan)}</td>
                <td>{point.spent === null ? "—" : money(point.spent)}</td>
                <td>{point.forecast === null ? "—" : money(point.forecast)}</td>
                <td>{point.band ? `${money(point.band[0])} – ${money(point.band[1])}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function PacingTooltip({
  active,
  payload,
  label,
  money,
  series,
}: TooltipContentProps & {
  money: (amountMinor: number) => string;
  series: { key: string; label: string; color: string }[];
}) {
  const format = useMetricFormat();
  if (!active || !payload?.length || typeof label !== "string") return null;
  const point = payload[0]?.payload as ChartPoint | undefined;
  if (!point) return null;
  const textOf = (key: string) => {
    if (key === "band") return point.band ? `${money(point.band[0])} – ${money(point.band[1])}` : null;
    const value = point[key as "plan" | "spent" | "forecast"];
    return value === null ? null : money(value);
  };
  return (
    <div className="min-w-44 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="mb-1.5 font-medium">{format.shortDate(label)}</p>
      <ul className="flex flex-col gap-1">
        {series.map((item) => {
          const value = textOf(item.key);
          return value === null ? null : (
            <li key={item.key} className="flex items-center gap-2">
              <span className="size-2.5 shrink-0 rounded-[3px]" style={{ backgroundColor: item.color }} />
              <span className="text-muted-foreground">{item.label}</span>
              <span className="ml-auto pl-3 font-medium tabular-nums">{value}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
