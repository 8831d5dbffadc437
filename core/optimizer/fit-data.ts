/**
 * A campaign's history as the fit reads it: typed arrays over the last FIT_WINDOW days, each day's
 * outcome scaled up by its expected completeness (conversion lag) and weighted by that completeness
 * times a forgetting factor (older days count less, so a shift in the market is followed).
 */
import type { CampaignHistory, OptimizerObjective } from "./engine-types.ts";

/** Days of history the fit reads at most (older days weigh less than 6% anyway). */
export const FIT_WINDOW = 180;
/** The forgetting factor's half-life in days. */
export const HALF_LIFE_DAYS = 45;

export interface FitData {
  n: number;
  /** Every day of the window's spend, from its first day (the adstock runs over all of them). */
  spend: Float64Array;
  outcome: Float64Array;
  /** Forgetting × completeness; 0 for days the fit leaves out. */
  weight: Float64Array;
  /** getUTCDay() of each day. */
  weekday: Uint8Array;
  /** Σ weight. */
  effectiveDays: number;
  /** Weighted mean spend over the days with spend (0 when none). */
  referenceSpend: number;
  /** Σ weight·outcome / Σ weight·spend (0 when no spend). */
  returnOnSpend: number;
  /** Σ weight·outcome and Σ weight·spend. */
  outcomeSum: number;
  spendSum: number;
  minSpend: number;
  maxSpend: number;
  /** Days with any spend (its own history, unweighted). */
  spendDays: number;
  /** The outcome of one conversion (revenue ÷ conversions for revenue, 1 for conversions): the size of the counting noise. */
  countUnit: number;
}

const DAY_MS = 86_400_000;

export function epochDay(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function prepareFitData(
  campaign: CampaignHistory,
  objective: OptimizerObjective,
  todayEpoch: number,
  halfLifeDays = HALF_LIFE_DAYS,
): FitData {
  const history = campaign.history;
  const start = Math.max(0, history.length - FIT_WINDOW);
  const n = history.length - start;
  const spend = new Float64Array(n);
  const outcome = new Float64Array(n);
  const weight = new Float64Array(n);
  const weekday = new Uint8Array(n);
  const completeness = campaign.completeness;
  const decayPerDay = halfLifeDays > 0 ? Math.LN2 / halfLifeDays : 0;
  let effectiveDays = 0;
  let spendWeight = 0;
  let spendSum = 0;
  let outcomeSum = 0;
  let minSpend = Number.POSITIVE_INFINITY;
  let maxSpend = 0;
  let spendDays = 0;
  let revenueSum = 0;
  let conversionSum = 0;
  for (let i = 0; i < n; i++) {
    const point = history[start + i];
    if (!point) continue;
    const day = epochDay(point.date);
    const age = todayEpoch - day;
    const s = Number.isFinite(point.spend) && point.spend > 0 ? point.spend : 0;
    const raw = objective === "revenue" ? point.revenue : point.conversions;
    let y = Number.isFinite(raw) && raw > 0 ? raw : 0;
    let w = Math.exp(-decayPerDay * Math.max(0, age - 1));
    if (completeness && age >= 0 && age < completeness.length) {
      const c = completeness[age] ?? 1;
      if (c <= 0.05) w = 0;
      else {
        y /= c;
        w *= c;
      }
    }
    if (point.revenue > 0) revenueSum += point.revenue;
    if (point.conversions > 0) conversionSum += point.conversions;
    spend[i] = s;
    outcome[i] = y;
    weight[i] = w;
    weekday[i] = (((day + 4) % 7) + 7) % 7;
    effectiveDays += w;
    if (s > 0) {
      spendDays++;
      spendWeight += w;
      spendSum += w * s;
      if (s < minSpend) minSpend = s;
      if (s > maxSpend) maxSpend = s;
    }
    outcomeSum += w * y;
  }
  return {
    n,
    spend,
    outcome,
    weight,
    weekday,
    effectiveDays,
    referenceSpend: spendWeight > 0 ? spendSum / spendWeight : 0,
    returnOnSpend: spendSum > 0 ? outcomeSum / spendSum : 0,
    outcomeSum,
    spendSum,
    minSpend: spendDays > 0 ? minSpend : 0,
    maxSpend,
    spendDays,
    countUnit: objective === "revenue" && conversionSum > 0 ? revenueSum / conversionSum : 1,
  };
}
