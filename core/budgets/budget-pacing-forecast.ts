/**
 * Pacing of the budget plan for the current month (pure): spend to date against the ideal curve,
 * day by day, a month-end projection with its 80% interval, a status, and what today should spend
 * so the month lands on budget. The same maths runs for each group against its minimum and maximum.
 *
 * The ideal curve spreads the monthly budget over the month's days by weight: 1 a day ("even"), or
 * each weekday's share of the organization's spend over the last 8 weeks ("weekday"; even while
 * there is too little history to tell).
 *
 * The projection (the method): spend so far, plus the expected spend of the days left. A day's
 * expected spend is the recent level L (the mean of the last 14 complete days' spend, each divided
 * by its weekday factor) times the day's weekday factor f. Its uncertainty has two parts: each day's
 * own noise (variance s²·f², s the sample deviation of those deseasonalized days), independent from
 * day to day, and the uncertainty of the level itself (variance s²/n), which moves every remaining
 * day together: Var = s²·Σf² + (s²/n)·(Σf)². The 80% interval is the mean ± t(0.9, n−1)·√Var (the
 * Student quantile, as s is estimated from n days), and never below what is already spent. Today is
 * a remaining day: what it has spent so far counts, and it is expected to spend at least that.
 * Budget changes within the window make the level lag them by a few days; that is accepted.
 */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import { monthToDate, PACING_TOLERANCE } from "#core/goals/budget-pacing.ts";

export { PACING_TOLERANCE };

export type PacingStatus = "on_track" | "under" | "over";
export type PacingCurve = "even" | "weekday";

/** Days of history behind the weekday shares. */
export const WEEKDAY_HISTORY_DAYS = 56;
/** Complete days behind the projection's level and spread. */
export const PROJECTION_WINDOW_DAYS = 14;
/** Fewer complete days than this: the projection is shown but not trusted (no alert). */
export const MIN_PROJECTION_DAYS = 5;

export interface Projection {
  meanMinor: number;
  lowMinor: number;
  highMinor: number;
}

export interface PacingDay {
  date: CalendarDate;
  /** The ideal cumulative spend by the end of this day (for a group: by its minimum and maximum). */
  idealMinor: number | null;
  idealLowMinor?: number | null;
  idealHighMinor?: number | null;
  /** Actual cumulative spend by the end of this day; null for days to come. */
  actualMinor: number | null;
  /** Projected cumulative spend by the end of this day (today and the days to come). */
  projected: Projection | null;
}

interface SeriesPacing {
  spentMinor: number;
  /** The month-end projection. */
  projection: Projection;
  /** True when the projection rests on enough complete days to be trusted. */
  reliable: boolean;
  /** Complete days the projection's level was measured on. */
  historyDays: number;
  days: PacingDay[];
}

export interface PlanPacing extends SeriesPacing {
  budgetMinor: number;
  /** The ideal cumulative spend by the end of today. */
  idealToDateMinor: number;
  status: PacingStatus;
  /** Set when the projection's whole 80% interval lies outside the tolerance band: worth an alert. */
  alert: "under" | "over" | null;
  /** What today should spend so the month lands on budget (the remaining budget spread by the curve). */
  suggestedDailyBudgetMinor: number;
}

export interface GroupPacing extends SeriesPacing {
  minMonthlyMinor: number | null;
  maxMonthlyMinor: number | null;
  status: PacingStatus;
}

export interface PacingFrame {
  today: CalendarDate;
  month: string;
  daysInMonth: number;
  /** Days of the month up to and including today. */
  daysElapsed: number;
  curve: PacingCurve;
  /** The curve the ideal follows: "even" when the weekday curve was asked for but history is short. */
  curveUsed: PacingCurve;
  /** Each weekday's factor (Sunday first, mean 1), from the last 8 weeks; null when history is short. */
  weekdayFactors: number[] | null;
  /** Days of the month, first to last. */
  dates: CalendarDate[];
}

const weekdayOf = (date: CalendarDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The month of `today` and the curve's weights, from the whole plan's daily spend. */
export function pacingFrame(input: {
  today: CalendarDate;
  curve: PacingCurve;
  /** The plan's spend per day (days without an entry spent nothing, from `dataFrom` on). */
  spendByDate: ReadonlyMap<CalendarDate, number>;
  /** The first day with data; days before it are unknown. */
  dataFrom: CalendarDate | null;
}): PacingFrame {
  const period = monthToDate(input.today);
  const dates = Array.from({ length: period.daysInMonth }, (_, index) => addDays(period.from, index));
  const weekdayFactors = weekdayFactorsOf(input.spendByDate, input.today, input.dataFrom);
  return {
    today: input.today,
    month: input.today.slice(0, 7),
    daysInMonth: period.daysInMonth,
    daysElapsed: period.daysElapsed,
    curve: input.curve,
    curveUsed: input.curve === "weekday" && weekdayFactors ? "weekday" : "even",
    weekdayFactors,
    dates,
  };
}

/**
 * Each weekday's mean spend over the last 8 weeks before today, relative to the mean of the seven
 * (mean 1). Null unless every weekday was seen at least twice and something was spent.
 */
export function weekdayFactorsOf(
  spendByDate: ReadonlyMap<CalendarDate, number>,
  today: CalendarDate,
  dataFrom: CalendarDate | null,
): number[] | null {
  if (dataFrom === null) return null;
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (let back = 1; back <= WEEKDAY_HISTORY_DAYS; back += 1) {
    const date = addDays(today, -back);
    if (date < dataFrom) break;
    const weekday = weekdayOf(date);
    sums[weekday] = (sums[weekday] ?? 0) + (spendByDate.get(date) ?? 0);
    counts[weekday] = (counts[weekday] ?? 0) + 1;
  }
  if (counts.some((count) => count < 2)) return null;
  const means = sums.map((sum, index) => sum / (counts[index] ?? 1));
  const overall = means.reduce((total, mean) => total + mean, 0) / 7;
  if (overall <= 0) return null;
  return means.map((mean) => mean / overall);
}

/** The ideal curve's weight of each day of the month. */
function curveWeights(frame: PacingFrame): number[] {
  const factors = frame.curveUsed === "weekday" ? frame.weekdayFactors : null;
  return frame.dates.map((date) => (factors ? (factors[weekdayOf(date)] ?? 1) : 1));
}

/** The cumulative ideal of an amount spread over the month by the curve, per day. */
function idealCumulative(frame: PacingFrame, amountMinor: number): number[] {
  const weights = curveWeights(frame);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => {
    running += weight;
    return Math.round((amountMinor * running) / total);
  });
}

/** Student's t quantile at 0.9 for `df` degrees of freedom (Cornish-Fisher expansion; exact to ~0.01 from df 3). */
export function studentT90(df: number): number {
  const z = 1.2815515655446004;
  if (!Number.isFinite(df) || df <= 0) return 3.078; // df 1
  if (df === 1) return 3.078;
  if (df === 2) return 1.886;
  const z3 = z ** 3;
  const z5 = z ** 5;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

/** Spend to date and the projection of one daily series (the plan's, or a group's). */
function paceSeries(
  frame: PacingFrame,
  spendByDate: ReadonlyMap<CalendarDate, number>,
  dataFrom: CalendarDate | null,
): SeriesPacing {
  const factorOf = (date: CalendarDate) => frame.weekdayFactors?.[weekdayOf(date)] ?? 1;
  // The level and spread of the recent complete days, deseasonalized.
  const recent: number[] = [];
  for (let back = 1; back <= PROJECTION_WINDOW_DAYS; back += 1) {
    const date = addDays(frame.today, -back);
    if (dataFrom === null || date < dataFrom) break;
    recent.push((spendByDate.get(date) ?? 0) / factorOf(date));
  }
  const n = recent.length;
  const level = n > 0 ? recent.reduce((sum, value) => sum + value, 0) / n : 0;
  const variance = n > 1 ? recent.reduce((sum, value) => sum + (value - level) ** 2, 0) / (n - 1) : 0;
  const t = studentT90(n - 1);

  const days: PacingDay[] = [];
  let actual = 0;
  let spentBeforeToday = 0;
  let expected = 0;
  let sumF = 0;
  let sumF2 = 0;
  for (const date of frame.dates) {
    if (date < frame.today) {
      actual += spendByDate.get(date) ?? 0;
      spentBeforeToday = actual;
      days.push({ date, idealMinor: null, actualMinor: actual, projected: null });
      continue;
    }
    const f = factorOf(date);
    if (date === frame.today) {
      const todaySoFar = spendByDate.get(date) ?? 0;
      actual += todaySoFar;
      expected += Math.max(level * f, todaySoFar);
    } else expected += level * f;
    sumF += f;
    sumF2 += f * f;
    const spread = t * Math.sqrt(variance * sumF2 + (variance / Math.max(n, 1)) * sumF * sumF);
    const mean = spentBeforeToday + expected;
    days.push({
      date,
      idealMinor: null,
      actualMinor: date === frame.today ? actual : null,
      projected: {
        meanMinor: Math.round(mean),
        lowMinor: Math.round(Math.max(actual, mean - spread)),
        highMinor: Math.round(Math.max(actual, mean + spread)),
      },
    });
  }
  const last = days.at(-1)?.projected ?? { meanMinor: actual, lowMinor: actual, highMinor: actual };
  return { spentMinor: actual, projection: last, reliable: n >= MIN_PROJECTION_DAYS, historyDays: n, days };
}

/** The whole plan's pacing against its monthly budget. */
export function pacePlan(
  frame: PacingFrame,
  input: { budgetMinor: number; spendByDate: ReadonlyMap<CalendarDate, number>; dataFrom: CalendarDate | null },
): PlanPacing {
  const series = paceSeries(frame, input.spendByDate, input.dataFrom);
  const ideal = idealCumulative(frame, input.budgetMinor);
  const days = series.days.map((day, index) => ({ ...day, idealMinor: ideal[index] ?? null }));
  const todayIndex = frame.daysElapsed - 1;
  const budget = input.budgetMinor;
  const { projection, spentMinor } = series;
  const upper = budget * (1 + PACING_TOLERANCE);
  const lower = budget * (1 - PACING_TOLERANCE);
  let status: PacingStatus = "on_track";
  if (spentMinor > budget || projection.meanMinor > upper) status = "over";
  else if (projection.meanMinor < lower) status = "under";
  let alert: PlanPacing["alert"] = null;
  if (series.reliable) {
    if (spentMinor > budget || projection.lowMinor > upper) alert = "over";
    else if (projection.highMinor < lower) alert = "under";
  }
  // Today's share of the days left, by the curve; the remaining budget is what the days before today left.
  const weights = curveWeights(frame);
  const left = weights.slice(todayIndex).reduce((sum, weight) => sum + weight, 0);
  const spentBeforeToday = todayIndex > 0 ? (days[todayIndex - 1]?.actualMinor ?? 0) : 0;
  const remaining = Math.max(0, budget - spentBeforeToday);
  return {
    ...series,
    days,
    budgetMinor: budget,
    idealToDateMinor: ideal[todayIndex] ?? 0,
    status,
    alert,
    suggestedDailyBudgetMinor: left > 0 ? Math.round((remaining * (weights[todayIndex] ?? 1)) / left) : 0,
  };
}

/** A group's pacing against its monthly minimum and maximum. */
export function paceGroup(
  frame: PacingFrame,
  input: {
    minMonthlyMinor: number | null;
    maxMonthlyMinor: number | null;
    spendByDate: ReadonlyMap<CalendarDate, number>;
    dataFrom: CalendarDate | null;
  },
): GroupPacing {
  const series = paceSeries(frame, input.spendByDate, input.dataFrom);
  const low = input.minMonthlyMinor === null ? null : idealCumulative(frame, input.minMonthlyMinor);
  const high = input.maxMonthlyMinor === null ? null : idealCumulative(frame, input.maxMonthlyMinor);
  const days = series.days.map((day, index) => ({
    ...day,
    idealLowMinor: low?.[index] ?? null,
    idealHighMinor: high?.[index] ?? null,
  }));
  const mean = series.projection.meanMinor;
  let status: PacingStatus = "on_track";
  if (
    input.maxMonthlyMinor !== null &&
    (series.spentMinor > input.maxMonthlyMinor || mean > input.maxMonthlyMinor * (1 + PACING_TOLERANCE))
  )
    status = "over";
  else if (input.minMonthlyMinor !== null && mean < input.minMonthlyMinor * (1 - PACING_TOLERANCE)) status = "under";
  return {
    ...series,
    days,
    minMonthlyMinor: input.minMonthlyMinor,
    maxMonthlyMinor: input.maxMonthlyMinor,
    status,
  };
}
