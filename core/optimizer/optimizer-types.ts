/**
 * What the optimizer slice hands its callers (the /optimizer page, the API, the jobs): runs,
 * recommendations with their predicted effect and reasons, the follow-up of applied ones and the
 * calibration, the what-if curve and the response curves. Amounts are minor units of the run's
 * currency; an outcome is conversions, or revenue in minor units, per day, as the objective says.
 */
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { Interval, OptimizerObjective } from "./engine-types.ts";

export type { Interval, OptimizerObjective };

export type RunTrigger = "page" | "api" | "rebalance" | "auto_apply";

/**
 * `undone`: applied, then its change was undone (from the page's toast or the change log); it is
 * left out of the follow-up and the calibration.
 */
export type RecommendationStatus = "open" | "applied" | "undone" | "dismissed" | "superseded" | "failed";

/** Why a campaign was left out of an optimization. */
export type LeftOutReason = "other_currency" | "no_daily_budget" | "paused";

export interface LeftOutCampaign {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  reason: LeftOutReason;
}

/**
 * Something the run wants the reader to know, as a code:
 * - `store_revenue_unavailable`: the plan asks for store revenue, which is not available yet; the
 *   platforms' reported revenue was used.
 * - `currency_from_campaigns`: the plan has no currency (no monthly budget in goals); the currency
 *   with the most daily budget was used.
 * - `budget_from_pacing`: the daily rebalance spread pacing's suggested budget for today (the plan's
 *   monthly budget), which moves the total too.
 * - `budget_from_campaigns`: the run moved today's total of the campaigns' daily budgets between them.
 * - `budget_capped_by_plan`: the run moved today's total between the campaigns, lowered (to the run's
 *   dailyBudgetMinor) so that the month at that total cannot exceed the plan's monthly budget.
 */
export type RunNote =
  | "store_revenue_unavailable"
  | "currency_from_campaigns"
  | "budget_from_pacing"
  | "budget_from_campaigns"
  | "budget_capped_by_plan";

/**
 * Whether the optimizer could work:
 * - `ready`: it fitted and allocated;
 * - `no_campaigns`: no enabled campaign with a daily budget of its own (connect a platform, or give
 *   campaigns a daily budget);
 * - `not_enough_history`: no campaign has MIN_HISTORY_DAYS days with spend yet (wait for syncs).
 */
export type OptimizerReadiness = "ready" | "no_campaigns" | "not_enough_history";

export interface RunSummary {
  /** The predicted total daily outcome at today's budgets and at the recommended ones. */
  predictedBefore: Interval;
  predictedAfter: Interval;
  /** Today's total of the considered campaigns' daily budgets, minor units. */
  currentBudgetMinor: number;
  /** Campaigns the allocation spread the budget over. */
  considered: number;
  leftOut: LeftOutCampaign[];
  notes: RunNote[];
  /** How many recommendations the run made. */
  recommendations: number;
  /** The revenue the outcome counts: the plan's choice, or platform when store revenue is unavailable. */
  revenueSource: "platform" | "store";
}

export interface OptimizerRun {
  id: string;
  trigger: RunTrigger;
  /** Who asked: a person, an API key, or "Adhelm optimizer". */
  actorLabel: string;
  objective: OptimizerObjective;
  currency: string;
  /** The daily budget the allocation spread, minor units. */
  dailyBudgetMinor: number;
  summary: RunSummary;
  /** ISO timestamp, UTC. */
  createdAt: string;
}

/**
 * A reason of a recommendation, as a code with its numbers (the page words it in the reader's
 * language). `step` is a round amount near a tenth of the campaign's budget (minor units) and the
 * marginals are the outcome that amount buys at the campaign's budget.
 * - `saturated`: the next `step` buys `marginalHere` here against `marginalBest` on `bestCampaignName`.
 * - `room_to_grow`: the next `step` still buys `marginalHere` here, against `marginalAverage` on average.
 * - `below_target`: the marginal ROAS or CPA at this budget misses the plan's target (`marginal` vs `target`).
 * - `learning`: part of the exploration share: the move teaches the curve.
 * - `bounded`: the move stops at a limit (`limit`: min, max, platform_min or change) of `amountMinor`.
 * - `little_history`: only `historyDays` days of its own; the curve borrows from its platform's campaigns.
 */
export type RecommendationReason =
  | {
      code: "saturated";
      stepMinor: number;
      marginalHere: number;
      marginalBest: number;
      bestCampaignId: string;
      bestCampaignName: string;
    }
  | { code: "room_to_grow"; stepMinor: number; marginalHere: number; marginalAverage: number }
  | { code: "below_target"; kind: "roas" | "cpa"; marginal: number; target: number }
  | { code: "learning" }
  | { code: "bounded"; limit: "min" | "max" | "platform_min" | "change"; amountMinor: number }
  | { code: "little_history"; historyDays: number };

/** The predicted CPA (minor units per conversion) or ROAS (revenue ÷ spend) at the two budgets. */
export interface EfficiencyChange {
  metric: "cpa" | "roas";
  before: number | null;
  after: number | null;
}

export interface Recommendation {
  id: string;
  runId: string;
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  objective: OptimizerObjective;
  currentBudgetMinor: number;
  recommendedBudgetMinor: number;
  /**
   * The predicted change of the daily outcome (mean and 80% interval) over the 7 days after the
   * change: the model's uncertainty about the change and the noise of a 7-day average.
   */
  predictedDelta: Interval;
  /** The predicted daily outcome at the current and the recommended budget. */
  predictedBefore: Interval;
  predictedAfter: Interval;
  efficiency: EfficiencyChange;
  /** 0 … 1: how well the data pin the campaign's curve down. */
  confidence: number;
  /** Part of the exploration share (learning the curve) rather than exploitation. */
  exploration: boolean;
  reasons: RecommendationReason[];
  status: RecommendationStatus;
  /** The change log entry of an applied recommendation (Undo is there). */
  changeLogId: string | null;
  appliedByLabel: string | null;
  appliedAt: string | null;
  /** When its change was undone (status `undone`), ISO timestamp. */
  undoneAt: string | null;
  /** A failed apply: the platform's or Adhelm's reason. */
  failureMessage: string | null;
  followUp: RecommendationFollowUp | null;
  createdAt: string;
}

/**
 * The fitted curve around a recommendation, stored with it for the follow-up: the predicted daily
 * outcome (mean and 80% interval) at steady daily spends (minor units, ascending, from 0), and the
 * campaign's day-to-day residual noise around the curve.
 */
export interface ResponseTable {
  spends: number[];
  mean: number[];
  low: number[];
  high: number[];
  noiseSd: number;
}

/** The outcome days of an applied recommendation and, once they are mature, what happened. */
export interface RecommendationFollowUp {
  /** First and last outcome day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The realised change of the daily outcome (method in follow-up-recommendations.ts); null until mature. */
  realisedDelta: number | null;
  /**
   * The mean daily spend (minor units) over the days before the change and over the outcome days:
   * the budget path that actually ran; null until mature.
   */
  spendBeforeMinor: number | null;
  spendAfterMinor: number | null;
  /**
   * The predicted change of the daily outcome for those spends, with its 80% interval: what the
   * realised change is measured against (the recommendation's own prediction assumed its budget
   * held for the whole outcome days); null until mature.
   */
  expectedDelta: Interval | null;
  /** Whether the realised change fell inside expectedDelta's 80% interval; null until mature. */
  inside: boolean | null;
  followedUpAt: string | null;
}

/**
 * How well the optimizer's predictions held, over the followed-up recommendations:
 * the share inside their 80% interval (ideal ≈ 0.8), the mean absolute error and the bias (mean of
 * realised − predicted) of the point predictions, per objective (their units differ).
 */
export interface CalibrationRow {
  objective: OptimizerObjective;
  count: number;
  shareInside: number | null;
  meanAbsoluteError: number | null;
  bias: number | null;
}

export interface Calibration {
  rows: CalibrationRow[];
  /** Applied recommendations whose outcome days are not mature yet. */
  pending: number;
}

export interface OptimizerOverview {
  readiness: OptimizerReadiness;
  lastRun: OptimizerRun | null;
  open: Recommendation[];
  /** Applied, undone, dismissed and failed recommendations, newest first. */
  history: Recommendation[];
  calibration: Calibration;
  /** The organization's "pause all automation" switch: auto-apply waits while it is on. */
  automationPaused: boolean;
}

export interface WhatIfPoint {
  /** The total daily budget, minor units. */
  budgetMinor: number;
  /** budgetMinor ÷ the what-if's budgetMinor (its 100%). */
  ratio: number;
  predicted: Interval;
}

export interface WhatIf {
  readiness: OptimizerReadiness;
  objective: OptimizerObjective;
  currency: string | null;
  /**
   * The what-if's 100%: the total a recommendation spreads, today's total of the campaigns' daily
   * budgets (`campaigns`), or less so the month cannot exceed the plan's monthly budget (`capped`).
   */
  budgetMinor: number;
  budgetBasis: "campaigns" | "capped";
  /** The optimal allocation's predicted daily outcome at totals from 50% to 200% of budgetMinor. */
  points: WhatIfPoint[];
  /** Today's budgets as they are (its ratio is today's total ÷ budgetMinor). */
  current: WhatIfPoint | null;
}

export interface ResponseCurve {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  objective: OptimizerObjective;
  /** Spend (minor units per day) → predicted daily outcome with its 80% band. */
  curve: Array<{ spendMinor: number } & Interval>;
  /** The observed days: spend and outcome (lag-immature days are left out). */
  observed: Array<{ date: string; spendMinor: number; outcome: number }>;
  currentBudgetMinor: number;
  /** The open recommendation's budget, if any. */
  recommendedBudgetMinor: number | null;
  confidence: number;
  historyDays: number;
  pooled: boolean;
  halfSaturationSpendMinor: number;
}

export interface ResponseCurves {
  readiness: OptimizerReadiness;
  objective: OptimizerObjective;
  currency: string | null;
  campaigns: ResponseCurve[];
}

/** What /optimizer draws from one fit of the campaigns: the what-if and the response curves. */
export interface OptimizerInsights {
  whatIf: WhatIf;
  curves: ResponseCurves;
}
