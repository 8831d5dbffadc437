/** Arithmetic on metric sums: adding them up and deriving the ratios the views show. */
import type { Kpis, MetricSums } from "./analytics-types.ts";

export function emptySums(): MetricSums {
  return { impressions: 0, clicks: 0, spendMinor: 0, conversions: 0, revenueMinor: 0 };
}

export function addSums(a: MetricSums, b: MetricSums): MetricSums {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spendMinor: a.spendMinor + b.spendMinor,
    conversions: roundConversions(a.conversions + b.conversions),
    revenueMinor: a.revenueMinor + b.revenueMinor,
  };
}

/**
 * Conversions are fractional (data-driven attribution); sums of doubles pick up noise such as
 * 12.000000000001, so they are kept to six decimals.
 */
export function roundConversions(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const ratio = (numerator: number, denominator: number): number | null =>
  denominator === 0 ? null : numerator / denominator;

/** The sums with CTR, CPC, CPA, ROAS and ROI; a ratio is null when its denominator is zero. */
export function toKpis(sums: MetricSums): Kpis {
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    spendMinor: sums.spendMinor,
    conversions: roundConversions(sums.conversions),
    revenueMinor: sums.revenueMinor,
    ctr: ratio(sums.clicks, sums.impressions),
    cpcMinor: ratio(sums.spendMinor, sums.clicks),
    cpaMinor: ratio(sums.spendMinor, sums.conversions),
    roas: ratio(sums.revenueMinor, sums.spendMinor),
    roi: sums.spendMinor === 0 ? null : (sums.revenueMinor - sums.spendMinor) / sums.spendMinor,
  };
}
