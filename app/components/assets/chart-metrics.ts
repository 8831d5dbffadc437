import type { TrendPoint } from "#app/components/analytics/trend-chart.tsx";
import type { LibraryDay } from "#core/assets/get-library-creative.ts";
import type { LibraryMetrics } from "#core/assets/library-types.ts";
import type { MetricFormat } from "#core/shared/number-format.ts";

/** What the daily charts can draw (the creative's page, compare). */
export const CHART_METRICS = ["ctr", "spend", "cpa", "roas", "clicks", "hookRate"] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/** A day's value of the metric; null when it has none (no impressions, no conversions). */
export function chartValue(metrics: LibraryMetrics, metric: ChartMetric): number | null {
  switch (metric) {
    case "ctr":
      return metrics.ctr;
    case "spend":
      return metrics.spendMinor;
    case "cpa":
      return metrics.cpaMinor;
    case "roas":
      return metrics.roas;
    case "clicks":
      return metrics.clicks;
    case "hookRate":
      return metrics.hookRate;
  }
}

export function chartFormatter(metric: ChartMetric, currency: string, format: MetricFormat) {
  switch (metric) {
    case "ctr":
      return (value: number) => format.percent(value);
    case "hookRate":
      return (value: number) => format.percent(value, "ratio");
    case "spend":
    case "cpa":
      return (value: number) => format.money(Math.round(value), currency);
    case "roas":
      return (value: number) => format.roas(value);
    case "clicks":
      return (value: number) => format.number(value);
  }
}

/** Chart points: one per day, a key per series; a day without a value leaves a gap. */
export function chartPoints(series: Array<{ key: string; daily: LibraryDay[] }>, metric: ChartMetric): TrendPoint[] {
  const byDate = new Map<string, TrendPoint>();
  for (const { key, daily } of series) {
    for (const day of daily) {
      const point: TrendPoint = byDate.get(day.date) ?? { date: day.date };
      const value = chartValue(day.metrics, metric);
      if (value !== null) point[key] = value;
      byDate.set(day.date, point);
    }
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
