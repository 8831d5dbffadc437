/**
 * The rule metrics of one campaign over a range of days, from the context's prefix sums. A ratio
 * whose denominator is 0 has no value (NaN here; "no_value" in a trace).
 *
 * Units: money in minor units of the campaign's currency (spend, cpc, cpa, revenue, target_cpa);
 * ctr, roas, blended_roas, budget_utilisation and mtd_pacing are plain ratios (0.02 = 2% CTR,
 * 1.2 = 120% of the budget).
 * - blended_roas: the store revenue the organization's connected ad platforms claim by UTM source
 *   ÷ all of its ad spend in the campaign's currency over the same days (the same for every campaign
 *   in that currency; defined as the dashboard's `BlendedRoas`, unattributed orders left out).
 * - budget_utilisation: spend ÷ (today's daily budget × days in the window).
 * - mtd_pacing: month-to-date spend ÷ (daily budget × days elapsed in the month, today included);
 *   always over this month, whatever the condition's window.
 */
import type { EvaluationContext } from "./evaluation-context.ts";
import type { GuardMetric, ReferenceMetric } from "./rule-definition.ts";

export const METRIC_CODES: Record<ReferenceMetric, number> = {
  spend: 0,
  impressions: 1,
  clicks: 2,
  ctr: 3,
  cpc: 4,
  conversions: 5,
  cpa: 6,
  revenue: 7,
  roas: 8,
  blended_roas: 9,
  budget_utilisation: 10,
  mtd_pacing: 11,
  target_cpa: 12,
  target_roas: 13,
};

/** The sum of one column over days [start, end]; 0 for an empty range. */
export function sumOf(column: Float64Array, campaign: number, stride: number, start: number, end: number): number {
  if (end < start) return 0;
  const base = campaign * stride;
  return column[base + end + 1]! - column[base + start]!;
}

function prefixSum(values: Float64Array | undefined, start: number, end: number): number {
  if (!values || end < start) return 0;
  return values[end + 1]! - values[start]!;
}

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? Number.NaN : numerator / denominator);

export function guardValue(
  context: EvaluationContext,
  metric: GuardMetric,
  campaign: number,
  start: number,
  end: number,
): number {
  const { series } = context;
  const stride = context.dayCount + 1;
  switch (metric) {
    case "spend":
      return sumOf(series.spend, campaign, stride, start, end);
    case "impressions":
      return sumOf(series.impressions, campaign, stride, start, end);
    case "clicks":
      return sumOf(series.clicks, campaign, stride, start, end);
    case "conversions":
      return sumOf(series.conversions, campaign, stride, start, end);
  }
}

/**
 * A metric's value by its code (METRIC_CODES) for campaign `campaign` over days [start, end], with
 * "today" at `todayIndex` (month-to-date pacing) whose day of the month is `monthDay`.
 */
export function metricValue(
  context: EvaluationContext,
  code: number,
  campaign: number,
  start: number,
  end: number,
  todayIndex: number,
  monthDay: number,
): number {
  const { series } = context;
  const stride = context.dayCount + 1;
  const facts = context.campaigns[campaign]!;
  switch (code) {
    case 0:
      return sumOf(series.spend, campaign, stride, start, end);
    case 1:
      return sumOf(series.impressions, campaign, stride, start, end);
    case 2:
      return sumOf(series.clicks, campaign, stride, start, end);
    case 3:
      return ratio(
        sumOf(series.clicks, campaign, stride, start, end),
        sumOf(series.impressions, campaign, stride, start, end),
      );
    case 4:
      return ratio(
        sumOf(series.spend, campaign, stride, start, end),
        sumOf(series.clicks, campaign, stride, start, end),
      );
    case 5:
      return sumOf(series.conversions, campaign, stride, start, end);
    case 6:
      return ratio(
        sumOf(series.spend, campaign, stride, start, end),
        sumOf(series.conversions, campaign, stride, start, end),
      );
    case 7:
      return sumOf(series.revenue, campaign, stride, start, end);
    case 8:
      return ratio(
        sumOf(series.revenue, campaign, stride, start, end),
        sumOf(series.spend, campaign, stride, start, end),
      );
    case 9:
      return ratio(
        prefixSum(context.storeRevenue[facts.currencyIndex], start, end),
        prefixSum(context.adSpend[facts.currencyIndex], start, end),
      );
    case 10: {
      const budget = facts.dailyBudgetMinor ?? 0;
      const days = end < start ? 0 : end - start + 1;
      return ratio(sumOf(series.spend, campaign, stride, start, end), budget * days);
    }
    case 11: {
      const budget = facts.dailyBudgetMinor ?? 0;
      const monthStart = Math.max(0, todayIndex - (monthDay - 1));
      return ratio(sumOf(series.spend, campaign, stride, monthStart, todayIndex), budget * monthDay);
    }
    case 12:
      return facts.targetCpaMinor ?? Number.NaN;
    case 13:
      return facts.targetRoas ?? Number.NaN;
    default:
      return Number.NaN;
  }
}

/** Why a metric has no value, for the trace. */
export type NoValueReason =
  | "zero_denominator"
  | "no_daily_budget"
  | "no_target_cpa"
  | "target_cpa_in_other_currency"
  | "no_target_roas";

export function noValueReason(context: EvaluationContext, metric: ReferenceMetric, campaign: number): NoValueReason {
  const facts = context.campaigns[campaign]!;
  if ((metric === "budget_utilisation" || metric === "mtd_pacing") && !facts.dailyBudgetMinor) return "no_daily_budget";
  if (metric === "target_cpa")
    return facts.targetCpaMissing === "other_currency" ? "target_cpa_in_other_currency" : "no_target_cpa";
  if (metric === "target_roas") return "no_target_roas";
  return "zero_denominator";
}
