/**
 * The organization's budget plan as the optimizer reads it: the goal's monthly budget and target,
 * the objective and guardrails, the groups with their monthly bounds, and per-campaign daily bounds.
 * `loadBudgetPlan` (get-budget-plan.ts) builds it; the defaults apply when nothing is saved.
 */
import type { AdPlatformId } from "#core/shared/platforms.ts";

export interface BudgetPlanGroup {
  id: string;
  name: string;
  kind: "platform" | "campaigns";
  platform: AdPlatformId | null;
  campaignIds: string[];
  minMonthlyMinor: number | null;
  maxMonthlyMinor: number | null;
}

export interface BudgetPlan {
  organizationId: string;
  /** The organization goal's currency and monthly budget (goals), null when no budget is set. */
  currency: string | null;
  monthlyBudgetMinor: number | null;
  objective: "conversions" | "revenue";
  revenueSource: "platform" | "store";
  mode: "maximize" | "target";
  /** The organization goal's target (CPA in minor units), null when none. */
  target: { kind: "roas" | "cpa"; value: number } | null;
  pacingCurve: "even" | "weekday";
  maxDailyChange: number;
  explorationShare: number;
  rebalanceDaily: boolean;
  autoApply: boolean;
  maxAutoChangesPerDay: number;
  groups: BudgetPlanGroup[];
  /** Per campaign id: daily bounds in the campaign's currency (minor units). */
  bounds: Map<string, { minDailyMinor: number | null; maxDailyMinor: number | null }>;
}
