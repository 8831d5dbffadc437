import type { Actor } from "#core/access/actor.ts";
import type { DateRange, Kpis } from "#core/analytics/analytics-types.ts";
import type { ScopeTotals } from "#core/analytics/get-scope-totals.ts";
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

/** The analytics slice's KPIs per goal scope and currency over a range, for the actor's organization. */
export type GetScopeTotals = (actor: Actor, range: DateRange) => Promise<ScopeTotals[]>;

/**
 * Each goal against the month so far (the first of the month to `today`, the ads clock's date in
 * the viewer's time zone): budget pacing and the ROAS or CPA target, overall or per platform.
 */
export async function getGoalProgress(
  deps: { goals: GoalRepository; getScopeTotals: GetScopeTotals },
  actor: Actor,
  input: { today: CalendarDate },
): Promise<GoalsProgress> {
  const period = monthToDate(input.today);
  const saved = await deps.goals.list(actor.organizationId);
  if (saved.length === 0) return { period, goals: [] };
  return measureGoals(saved, await deps.getScopeTotals(actor, period), period);
}

function measureGoals(saved: Goal[], totals: ScopeTotals[], period: MonthToDate): GoalsProgress {
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
