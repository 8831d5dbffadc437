import type { AnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { Kpis } from "#core/analytics/analytics-types.ts";
import { getScopeTotals } from "#core/analytics/get-scope-totals.ts";
import { emptySums, toKpis } from "#core/analytics/kpis.ts";
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import { type BudgetPacing, type MonthToDate, monthToDate, paceBudget } from "./budget-pacing.ts";
import type { Goal, GoalRepository } from "./goal-repository.ts";

export type TargetProgress =
  | { kind: "roas"; target: number; actual: number | null; isMet: boolean | null }
  | { kind: "cpa"; targetMinor: number; actualMinor: number | null; isMet: boolean | null };

export interface GoalProgress {
  goal: Goal;
  /** This month so far, in the goal's currency, for the goal's scope. */
  actual: Kpis;
  budget: BudgetPacing | null;
  target: TargetProgress | null;
  /** Other currencies the scope spent in this month: a goal counts only its own currency. */
  uncountedCurrencies: string[];
}

export interface GoalsProgress {
  period: MonthToDate;
  goals: GoalProgress[];
}

export interface GoalProgressDependencies {
  goals: GoalRepository;
  analytics: AnalyticsRepository;
}

/**
 * Each goal against the month so far (the first of the month to `today`, the ads clock's date in
 * the viewer's time zone): budget pacing and the ROAS or CPA target, overall or per platform.
 */
export async function getGoalProgress(
  { goals, analytics }: GoalProgressDependencies,
  input: { organizationId: string; today: CalendarDate },
): Promise<GoalsProgress> {
  const period = monthToDate(input.today);
  const saved = await goals.list(input.organizationId);
  if (saved.length === 0) return { period, goals: [] };
  const totals = await getScopeTotals({ analytics }, { organizationId: input.organizationId, range: period });

  return {
    period,
    goals: saved.map((goal) => {
      const inScope = totals.filter((entry) => entry.scope === goal.scope);
      const actual = inScope.find((entry) => entry.currency === goal.currency)?.kpis ?? toKpis(emptySums());
      const uncountedCurrencies = inScope
        .filter((entry) => entry.currency !== goal.currency && entry.kpis.spendMinor > 0)
        .map((entry) => entry.currency)
        .sort();
      return {
        goal,
        actual,
        budget:
          goal.monthlyBudgetMinor === null
            ? null
            : paceBudget({
                budgetMinor: goal.monthlyBudgetMinor,
                spentMinor: actual.spendMinor,
                daysElapsed: period.daysElapsed,
                daysInMonth: period.daysInMonth,
              }),
        target: targetProgressOf(goal, actual),
        uncountedCurrencies,
      };
    }),
  };
}

function targetProgressOf(goal: Goal, actual: Kpis): TargetProgress | null {
  if (goal.targetKind === "roas" && goal.targetRoas !== null)
    return {
      kind: "roas",
      target: goal.targetRoas,
      actual: actual.roas,
      isMet: actual.roas === null ? null : actual.roas >= goal.targetRoas,
    };
  if (goal.targetKind === "cpa" && goal.targetCpaMinor !== null) {
    // Spend without a single conversion misses any CPA target; no spend at all says nothing yet.
    const isMet =
      actual.spendMinor === 0 ? null : actual.cpaMinor === null ? false : actual.cpaMinor <= goal.targetCpaMinor;
    return { kind: "cpa", targetMinor: goal.targetCpaMinor, actualMinor: actual.cpaMinor, isMet };
  }
  return null;
}
