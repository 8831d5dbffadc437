/**
 * The month against the plan's monthly budget as the optimizer reads it, from budgets' pacing (the
 * composition root wires `monthBudget` with it): pacing's suggested spend for today, the budget
 * left for today and the days after, and how many days that is.
 */
import type { BudgetPacing } from "#core/budgets/get-budget-pacing.ts";
import type { MonthBudget } from "./optimizer-dependencies.ts";

export function monthBudgetOf(pacing: BudgetPacing): MonthBudget | null {
  const plan = pacing.plan;
  if (!plan) return null;
  const todayIndex = pacing.daysElapsed - 1;
  const spentBeforeToday = todayIndex > 0 ? (plan.days[todayIndex - 1]?.actualMinor ?? 0) : 0;
  return {
    suggestedDailyMinor: plan.suggestedDailyBudgetMinor,
    remainingMinor: Math.max(0, plan.budgetMinor - spentBeforeToday),
    daysLeft: Math.max(1, pacing.daysInMonth - todayIndex),
  };
}
