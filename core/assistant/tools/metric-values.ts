/** The KPIs a tool may report, read off the analytics' sums the way the pages compute them. */
import type { MetricSums } from "#core/analytics/analytics-types.ts";
import { toKpis } from "#core/analytics/kpis.ts";
import { moneyOf, ratioOf } from "./tool-values.ts";

export const TOOL_METRICS = [
  "spend",
  "impressions",
  "clicks",
  "conversions",
  "revenue",
  "ctr",
  "cpc",
  "cpa",
  "roas",
  "roi",
] as const;
export type ToolMetric = (typeof TOOL_METRICS)[number];

/** Money metrics are in the row's currency; the others are counts or ratios (CTR 0..1). */
export const MONEY_METRICS: ReadonlySet<ToolMetric> = new Set(["spend", "revenue", "cpc", "cpa"]);

/** The asked metrics of a set of sums, money in currency units. */
export function metricValues(
  sums: MetricSums,
  currency: string,
  metrics: readonly ToolMetric[],
): Record<ToolMetric, number | null> {
  const kpis = toKpis(sums);
  const all: Record<ToolMetric, number | null> = {
    spend: moneyOf(kpis.spendMinor, currency),
    impressions: kpis.impressions,
    clicks: kpis.clicks,
    conversions: kpis.conversions,
    revenue: moneyOf(kpis.revenueMinor, currency),
    ctr: ratioOf(kpis.ctr, 6),
    cpc: moneyOf(kpis.cpcMinor, currency),
    cpa: moneyOf(kpis.cpaMinor, currency),
    roas: ratioOf(kpis.roas),
    roi: ratioOf(kpis.roi),
  };
  return Object.fromEntries(metrics.map((metric) => [metric, all[metric]])) as Record<ToolMetric, number | null>;
}
