/**
 * A chart in an answer, drawn with the app's chart components: a daily series with the dashboard's
 * trend chart, a comparison (by campaign, platform) as horizontal bars. Loaded lazily: recharts
 * reaches the browser only when an answer has a chart.
 */
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { TrendChart, type TrendPoint, type TrendSeries } from "#app/components/analytics/trend-chart.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { formatMoneyAmount, formatNumber, formatPercent, formatRoas } from "#core/shared/number-format.ts";
import { METRIC_KEYS } from "./ask-keys.ts";
import type { AssistantChart } from "./ask-types.ts";

const MONEY = new Set([
  "spend",
  "revenue",
  "cpa",
  "cpc",
  "dailyBudget",
  "currentDailyBudget",
  "recommendedDailyBudget",
]);

/** The chart's currency: a series named by its code, or "(USD)" in the title. */
function currencyOf(chart: AssistantChart): string | null {
  const named = chart.series.find((series) => /^[A-Z]{3}$/.test(series.name))?.name;
  return named ?? chart.title.match(/\(([A-Z]{3})\)/)?.[1] ?? null;
}

export function chartValueFormat(chart: AssistantChart, locale: string): (value: number) => string {
  const currency = currencyOf(chart);
  // The answer's figures are in currency units, not minor units.
  if (MONEY.has(chart.metric) && currency) return (value) => formatMoneyAmount(value, currency, locale);
  if (chart.metric === "ctr") return (value) => formatPercent(value, "rate", locale);
  if (chart.metric === "roas") return (value) => formatRoas(value, locale);
  return (value) => formatNumber(value, locale);
}

export default function AskChart({ chart }: { chart: AssistantChart }) {
  const { t } = useTranslation("ask");
  const locale = useLocale();
  const isHydrated = useIsHydrated();
  const format = chartValueFormat(chart, locale);
  const metricKey = METRIC_KEYS[chart.metric];
  const metric = metricKey ? t(metricKey) : chart.metric;
  const title = chart.kind === "line" ? t("charts.perDay", { metric }) : t("charts.compared", { metric });

  if (chart.kind === "line") {
    const series: TrendSeries[] = chart.series.map((item, index) => ({
      key: `s${index}`,
      label: chart.series.length > 1 ? item.name : metric,
      format,
    }));
    const data: TrendPoint[] = chart.labels.map((date, row) => {
      const point: TrendPoint = { date };
      chart.series.forEach((item, index) => {
        const value = item.values[row];
        if (typeof value === "number") point[`s${index}`] = value;
      });
      return point;
    });
    return (
      <div className="rounded-lg border bg-card p-3 sm:p-4">
        <p className="mb-2 font-medium text-sm">{title}</p>
        <TrendChart title={title} data={data} series={series} height={220} />
      </div>
    );
  }

  const values = chart.series[0]?.values ?? [];
  const rows = chart.labels.map((label, index) => ({ label, value: values[index] ?? 0 }));
  const height = Math.max(120, rows.length * 34 + 24);
  return (
    <figure className="rounded-lg border bg-card p-3 sm:p-4" aria-label={title}>
      <figcaption className="mb-2 font-medium text-sm">{title}</figcaption>
      <div style={{ height }} aria-hidden="true">
        {isHydrated ? (
          <BarChart
            responsive
            layout="vertical"
            data={rows}
            style={{ width: "100%", height }}
            margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              type="number"
              tickFormatter={format}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={120}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
              tickFormatter={(label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label)}
            />
            <Tooltip
              cursor={{ fill: "var(--muted)" }}
              formatter={(value) => [format(Number(value)), metric]}
              contentStyle={{
                background: "var(--popover)",
                color: "var(--popover-foreground)",
                border: "1px solid var(--border)",
                borderRadius: 8,
                fontSize: 12,
              }}
            />
            <Bar dataKey="value" name={metric} fill="var(--chart-1)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{format(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
