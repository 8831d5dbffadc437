/** What /optimizer/plan loads and how its action answers (the route and its components share these). */
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { CampaignBounds, PlanCampaign } from "#core/budgets/budget-plan-repository.ts";
import type { BudgetPlanSettings } from "#core/budgets/budget-plan-schema.ts";
import type { BudgetPlan, BudgetPlanGroup } from "#core/budgets/budget-plan-types.ts";
import type { BudgetPlanView } from "#core/budgets/get-budget-plan.ts";

export interface PlanPageData {
  currency: string | null;
  monthlyBudgetMinor: number | null;
  target: BudgetPlan["target"];
  settings: BudgetPlanSettings;
  groups: BudgetPlanGroup[];
  bounds: CampaignBounds[];
  campaigns: PlanCampaign[];
  updatedByLabel: string | null;
}

/** The plan as the page shows it: plain values (the bounds' Map as a list). */
export function toPlanPageData({ plan, campaigns, updatedByLabel }: BudgetPlanView): PlanPageData {
  return {
    currency: plan.currency,
    monthlyBudgetMinor: plan.monthlyBudgetMinor,
    target: plan.target,
    settings: {
      objective: plan.objective,
      revenueSource: plan.revenueSource,
      mode: plan.mode,
      pacingCurve: plan.pacingCurve,
      maxDailyChange: plan.maxDailyChange,
      explorationShare: plan.explorationShare,
      rebalanceDaily: plan.rebalanceDaily,
      autoApply: plan.autoApply,
      maxAutoChangesPerDay: plan.maxAutoChangesPerDay,
    },
    groups: plan.groups,
    bounds: [...plan.bounds.entries()].map(([campaignId, bounds]) => ({ campaignId, ...bounds })),
    campaigns,
    updatedByLabel,
  };
}

const PLAN_INTENTS = ["settings", "group", "deleteGroup", "bounds"] as const;
export type PlanIntent = (typeof PLAN_INTENTS)[number];

export type PlanActionResult = { ok: true; intent: PlanIntent } | ActionRefusal;
