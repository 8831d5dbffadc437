/**
 * The optimizer engine's contract: pure functions, no I/O, amounts in the campaigns' own units
 * (the stdio protocol passes major units; the app passes minor units, one currency per call).
 *
 * - `fitCampaigns` (fit-response.ts) fits one response model per campaign on its daily history:
 *   saturation, carry-over (adstock), weekday season and conversion lag, with uncertainty, and
 *   campaigns with little history borrowing strength from the others of their pool (platform).
 * - `allocateBudget` (allocate-budget.ts) spreads a daily budget over the fitted campaigns under
 *   the constraints, with a small exploration share.
 * - `predictAllocation` (allocate-budget.ts) predicts the total daily outcome of any allocation with
 *   its 80% interval (the what-if).
 */

export type OptimizerObjective = "conversions" | "revenue";

/** One past day of a campaign. */
export interface DailyPoint {
  /** YYYY-MM-DD */
  date: string;
  spend: number;
  conversions: number;
  revenue: number;
}

export interface CampaignHistory {
  id: string;
  /** Campaigns of one pool (the ad platform) share a prior: partial pooling. */
  pool?: string;
  /** Every past day, oldest first; may be empty. */
  history: DailyPoint[];
  /**
   * Expected completeness of a day's outcome by age (index = days between the day and `today`;
   * 1 from the end of the array on): the last days' outcomes are scaled up, and weighted down, by it.
   * Absent = every day is complete.
   */
  completeness?: readonly number[];
}

/** A mean with its 80% interval. */
export interface Interval {
  mean: number;
  low: number;
  high: number;
}

export interface CampaignFit {
  id: string;
  objective: OptimizerObjective;
  /** Days of history the fit used (its own, not borrowed). */
  historyDays: number;
  /** True when the campaign's own history was too short and its pool's prior carries the fit. */
  pooled: boolean;
  /** 0 … 1: how well the data pin the curve down (0 = prior only). */
  confidence: number;
  /** Expected daily outcome at a steady daily spend (weekday-averaged, carry-over settled), with its 80% interval. */
  predict(spend: number): Interval;
  /** Expected outcome bought by one more unit of daily spend at `spend` (the slope of the curve). */
  marginal(spend: number): number;
  /** The spend where the next unit buys half what the first units bought (where saturation sets in). */
  halfSaturationSpend: number;
  /** The lowest and highest daily spend in the history (the range the curve was learned on). */
  observedSpend: { min: number; max: number };
  /** The outcome's factor per weekday (index = getUTCDay(), mean 1); absent = no weekday pattern. */
  weekdayFactors?: number[];
  /** One curve drawn from the posterior (Thompson sampling): expected daily outcome at a steady spend. */
  sample?(random: () => number): (spend: number) => number;
}

export interface AllocationCampaign {
  id: string;
  fit: CampaignFit;
  /** Yesterday's spend (or today's daily budget); null when unknown (no change limit applies). */
  previousSpend: number | null;
  /** Bounds of this campaign's daily amount; max null = none. A platform's minimum daily budget goes into `min` unless the amount may be 0. */
  min: number;
  max: number | null;
}

export interface AllocationGroup {
  id: string;
  campaignIds: string[];
  min: number;
  max: number | null;
}

export interface AllocationRequest {
  objective: OptimizerObjective;
  /** The total daily amount to spread (an upper bound: the sum never exceeds it). */
  budget: number;
  campaigns: AllocationCampaign[];
  groups?: AllocationGroup[];
  /** A fraction of previousSpend, or null for no limit. */
  maxDailyChange: number | null;
  /** Share of the budget spent to keep learning the curves (0 … 0.2). */
  explorationShare: number;
  /** Reach this ROAS or CPA at the least spend instead of maximising the outcome for the budget. */
  target?: { kind: "roas" | "cpa"; value: number };
  /** Seeds the exploration, so the same request gives the same answer. */
  seed?: number;
}

export interface AllocationResult {
  /** Daily amount per campaign id. */
  allocation: Map<string, number>;
  /** Campaigns moved to learn their curve rather than by their expected return. */
  explored: Set<string>;
  /** Predicted total daily outcome of the allocation. */
  predicted: Interval;
}
