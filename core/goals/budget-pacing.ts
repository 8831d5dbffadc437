/**
 * Month-to-date pacing of a monthly budget: how much of it is spent against how much of the month
 * has gone by, and where the month will end at this pace.
 */
import type { CalendarDate } from "#core/dates/calendar-date.ts";

/**
 * - `on_track`: the month ends within 10% of the budget at this pace;
 * - `overspending`: it ends more than 10% over;
 * - `underspending`: it ends more than 10% under;
 * - `over_budget`: more than the whole budget is already spent.
 */
export type BudgetPace = "on_track" | "overspending" | "underspending" | "over_budget";

/** How far from the budget a projection may land and still be on track. */
export const PACING_TOLERANCE = 0.1;

export interface BudgetPacing {
  budgetMinor: number;
  spentMinor: number;
  /** spent / budget (may exceed 1). */
  spentFraction: number;
  /** The share of the month that has gone by, today included. */
  elapsedFraction: number;
  /** What a steady pace would have spent by today. */
  expectedMinor: number;
  /** Month-end spend at the average daily pace so far. */
  projectedMinor: number;
  remainingMinor: number;
  pace: BudgetPace;
}

export interface MonthToDate {
  from: CalendarDate;
  to: CalendarDate;
  /** Days of the month up to and including today. */
  daysElapsed: number;
  daysInMonth: number;
}

/** The current month up to `today`, both ends included. */
export function monthToDate(today: CalendarDate): MonthToDate {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: today, daysElapsed: day, daysInMonth };
}

export function paceBudget(input: {
  budgetMinor: number;
  spentMinor: number;
  daysElapsed: number;
  daysInMonth: number;
}): BudgetPacing {
  const { budgetMinor, spentMinor, daysElapsed, daysInMonth } = input;
  const elapsedFraction = Math.min(1, Math.max(0, daysElapsed / daysInMonth));
  const projectedMinor = daysElapsed > 0 ? Math.round((spentMinor / daysElapsed) * daysInMonth) : spentMinor;
  let pace: BudgetPace = "on_track";
  if (spentMinor > budgetMinor) pace = "over_budget";
  else if (projectedMinor > budgetMinor * (1 + PACING_TOLERANCE)) pace = "overspending";
  else if (projectedMinor < budgetMinor * (1 - PACING_TOLERANCE)) pace = "underspending";
  return {
    budgetMinor,
    spentMinor,
    spentFraction: budgetMinor > 0 ? spentMinor / budgetMinor : 0,
    elapsedFraction,
    expectedMinor: Math.round(budgetMinor * elapsedFraction),
    projectedMinor,
    remainingMinor: Math.max(0, budgetMinor - spentMinor),
    pace,
  };
}
