/** The budget plan and its pacing on the wire: snake_case, the API's platform names, minor units. */

import type { Projection } from "#core/budgets/budget-pacing-forecast.ts";
import type { BudgetPlanSettings } from "#core/budgets/budget-plan-schema.ts";
import type { BudgetPlan } from "#core/budgets/budget-plan-types.ts";
import type { BudgetPacing } from "#core/budgets/get-budget-pacing.ts";
import type { BudgetPlanView } from "#core/budgets/get-budget-plan.ts";
import { toWirePlatform } from "./wire-values.ts";

export function toWireBudgetPlan({ plan, updatedAt }: Pick<BudgetPlanView, "plan" | "updatedAt">) {
  return {
    currency: plan.currency,
    monthly_budget_minor: plan.monthlyBudgetMinor,
    target: plan.target,
    objective: plan.objective,
    revenue_source: plan.revenueSource,
    mode: plan.mode,
    pacing_curve: plan.pacingCurve,
    max_daily_change: plan.maxDailyChange,
    exploration_share: plan.explorationShare,
    rebalance_daily: plan.rebalanceDaily,
    auto_apply: plan.autoApply,
    max_auto_changes_per_day: plan.maxAutoChangesPerDay,
    groups: plan.groups.map((group) => ({
      id: group.id,
      name: group.name,
      kind: group.kind,
      platform: group.platform === null ? null : toWirePlatform(group.platform),
      campaign_ids: group.campaignIds,
      min_monthly_minor: group.minMonthlyMinor,
      max_monthly_minor: group.maxMonthlyMinor,
    })),
    bounds: [...plan.bounds.entries()].map(([campaignId, bounds]) => ({
      campaign_id: campaignId,
      min_daily_minor: bounds.minDailyMinor,
      max_daily_minor: bounds.maxDailyMinor,
    })),
    updated_at: updatedAt,
  };
}

/** A settings body (fields left out keep the plan's values), as the settings form the use case parses. */
export function fromWireSettings(
  body: Record<string, unknown>,
  plan: BudgetPlan,
): Record<keyof BudgetPlanSettings, unknown> {
  return {
    objective: body.objective ?? plan.objective,
    revenueSource: body.revenue_source ?? plan.revenueSource,
    mode: body.mode ?? plan.mode,
    pacingCurve: body.pacing_curve ?? plan.pacingCurve,
    maxDailyChange: body.max_daily_change ?? plan.maxDailyChange,
    explorationShare: body.exploration_share ?? plan.explorationShare,
    rebalanceDaily: body.rebalance_daily ?? plan.rebalanceDaily,
    autoApply: body.auto_apply ?? plan.autoApply,
    maxAutoChangesPerDay: body.max_auto_changes_per_day ?? plan.maxAutoChangesPerDay,
  };
}

/** The settings form's field names as the API writes them. */
export const WIRE_SETTINGS_FIELDS: Record<string, string> = {
  objective: "objective",
  revenueSource: "revenue_source",
  mode: "mode",
  pacingCurve: "pacing_curve",
  maxDailyChange: "max_daily_change",
  explorationShare: "exploration_share",
  rebalanceDaily: "rebalance_daily",
  autoApply: "auto_apply",
  maxAutoChangesPerDay: "max_auto_changes_per_day",
};

const wireProjection = (projection: Projection) => ({
  mean_minor: projection.meanMinor,
  low_minor: projection.lowMinor,
  high_minor: projection.highMinor,
});

export function toWirePacing(pacing: BudgetPacing) {
  const { plan } = pacing;
  return {
    today: pacing.today,
    month: pacing.month,
    days_in_month: pacing.daysInMonth,
    days_elapsed: pacing.daysElapsed,
    currency: pacing.currency,
    curve: pacing.curve,
    curve_used: pacing.curveUsed,
    plan: plan && {
      budget_minor: plan.budgetMinor,
      spent_minor: plan.spentMinor,
      ideal_to_date_minor: plan.idealToDateMinor,
      projection: wireProjection(plan.projection),
      reliable: plan.reliable,
      status: plan.status,
      suggested_daily_budget_minor: plan.suggestedDailyBudgetMinor,
      days: plan.days.map((day) => ({
        date: day.date,
        ideal_minor: day.idealMinor,
        actual_minor: day.actualMinor,
        projected: day.projected && wireProjection(day.projected),
      })),
    },
    groups: pacing.groups.map(({ group, pacing: groupPacing }) => ({
      id: group.id,
      name: group.name,
      spent_minor: groupPacing.spentMinor,
      projection: wireProjection(groupPacing.projection),
      min_monthly_minor: groupPacing.minMonthlyMinor,
      max_monthly_minor: groupPacing.maxMonthlyMinor,
      status: groupPacing.status,
    })),
    uncounted_currencies: pacing.uncountedCurrencies,
  };
}
