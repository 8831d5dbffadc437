/** What /optimizer loads and how its action answers (the route and its components share these). */
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { BudgetPlan } from "#core/budgets/budget-plan-types.ts";
import type { BudgetPacing } from "#core/budgets/get-budget-pacing.ts";
import type { OptimizerObjective, OptimizerOverview, ResponseCurves, WhatIf } from "#core/optimizer/optimizer-types.ts";

/** The plan's words the header shows: what the optimizer aims for and the budget it spreads. */
export interface OptimizerPlanSummary {
  objective: OptimizerObjective;
  mode: BudgetPlan["mode"];
  target: BudgetPlan["target"];
  currency: string | null;
  monthlyBudgetMinor: number | null;
  autoApply: boolean;
  rebalanceDaily: boolean;
}

export interface OptimizerPageData {
  overview: OptimizerOverview;
  whatIf: WhatIf;
  curves: ResponseCurves;
  pacing: BudgetPacing;
  plan: OptimizerPlanSummary;
  /** At least one ad platform is connected (the empty state's first step otherwise). */
  hasAdPlatform: boolean;
  /** The viewer may ask for, apply and dismiss recommendations. */
  canApply: boolean;
  /** Days with spend a campaign needs before the optimizer trusts a curve. */
  minHistoryDays: number;
  /** Days after applying over which an outcome is measured. */
  outcomeDays: number;
  /** The reader's time zone and the server's now (ISO), so both renders word times alike. */
  timeZone: string;
  now: string;
}

export const OPTIMIZER_INTENTS = ["recommend", "apply", "dismiss", "undo"] as const;
export type OptimizerIntent = (typeof OPTIMIZER_INTENTS)[number];

export type OptimizerRequest =
  | { intent: "recommend" }
  | { intent: "apply"; ids: string[] }
  | { intent: "dismiss"; id: string }
  | { intent: "undo"; changeIds: string[] };

/** One applied (or failed) recommendation, as the toast tells it. */
export interface AppliedItem {
  recommendationId: string;
  campaignName: string;
  currency: string;
  beforeMinor: number;
  afterMinor: number;
  outcome: "applied" | "failed";
  /** The platform's or Adhelm's answer, in the reader's language. */
  message: string;
  changeLogId: string | null;
}

export type OptimizerActionResult =
  | { ok: true; intent: "recommend"; recommendations: number; readiness: OptimizerOverview["readiness"] }
  | { ok: true; intent: "apply"; items: AppliedItem[]; applied: number; failed: number }
  | { ok: true; intent: "dismiss"; campaignName: string }
  | { ok: true; intent: "undo"; undone: number; failed: number; message: string | null }
  | (ActionRefusal & { intent?: OptimizerIntent });
