/**
 * A condition's window as a range of day indexes, in the organization's calendar.
 *
 * - today: the day so far; yesterday: the day before.
 * - last N days: the N complete days before today (today is left out, as in the ad platforms'
 *   own "last 7 days"), so "last 3 days" on the 10th is the 7th, 8th and 9th.
 * - this month: the 1st to today, both included.
 *
 * The conversion lag model may leave the most recent days out (ages 0 … immature − 1, where
 * age = today − the day). A "last N days" window then moves back so it still holds N mature days
 * ("the last 3 mature days"); the other windows simply lose those days, and a window with no day
 * left has no data to judge.
 */
import { LAG_AGES } from "./conversion-lag.ts";
import type { RuleDefinition, RuleWindow } from "./rule-definition.ts";

export interface WindowRange {
  /** First and last day index, both included; start > end when the window holds no day. */
  start: number;
  end: number;
  /** How many days a "last N days" window moved back for the lag model. */
  shiftedBy: number;
  /** Days of the plain window that the lag model left out, as indexes (newest last). */
  excludedStart: number;
  excludedEnd: number;
  /** The window reaches before the first day held: it starts at day 0 instead. */
  isTruncated: boolean;
}

/** Day of the month (1 … 31) of a YYYY-MM-DD date. */
export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

/**
 * The window's days for a "today" at index `todayIndex` whose date is `todayDate`, leaving out the
 * `immature` most recent days (0 for none).
 */
export function resolveWindow(
  window: RuleWindow,
  todayIndex: number,
  todayDate: string,
  immature: number,
): WindowRange {
  let start: number;
  let end: number;
  let shiftedBy = 0;
  let excludedStart = 0;
  let excludedEnd = -1;
  const lastMature = todayIndex - immature; // the newest index that is mature enough
  switch (window.kind) {
    case "today":
      start = todayIndex;
      end = todayIndex;
      break;
    case "yesterday":
      start = todayIndex - 1;
      end = todayIndex - 1;
      break;
    case "last_days":
      start = todayIndex - window.days;
      end = todayIndex - 1;
      if (immature > 1) {
        shiftedBy = immature - 1;
        excludedStart = end - shiftedBy + 1;
        excludedEnd = end;
        start -= shiftedBy;
        end -= shiftedBy;
      }
      return finish(start, end, shiftedBy, excludedStart, excludedEnd);
    case "this_month":
      start = todayIndex - (dayOfMonth(todayDate) - 1);
      end = todayIndex;
      break;
  }
  if (end > lastMature) {
    excludedStart = Math.max(start, lastMature + 1);
    excludedEnd = end;
    end = lastMature;
  }
  return finish(start, end, shiftedBy, excludedStart, excludedEnd);
}

function finish(
  start: number,
  end: number,
  shiftedBy: number,
  excludedStart: number,
  excludedEnd: number,
): WindowRange {
  const isTruncated = start < 0;
  return {
    start: Math.max(0, start),
    end,
    shiftedBy,
    excludedStart: Math.max(0, excludedStart),
    excludedEnd,
    isTruncated,
  };
}

/** How many days before today a window may reach, lag shift included. */
function windowReach(window: RuleWindow, maxImmature: number): number {
  switch (window.kind) {
    case "today":
      return 0;
    case "yesterday":
      return 1;
    case "last_days":
      return window.days + Math.max(0, maxImmature - 1);
    case "this_month":
      return 30;
  }
}

/**
 * Days of history (today included) a context must hold to evaluate `definition`, and to backtest it
 * over `backtestDays` days before today.
 */
export function requiredHistoryDays(definition: RuleDefinition, backtestDays = 0): number {
  const immature = definition.lag.excludeImmatureDays ? LAG_AGES : 0;
  let reach = 0;
  for (const group of definition.conditions.groups)
    for (const condition of group.conditions)
      reach = Math.max(
        reach,
        windowReach(condition.metric === "mtd_pacing" ? { kind: "this_month" } : condition.window, immature),
      );
  return reach + 1 + Math.max(0, backtestDays);
}
