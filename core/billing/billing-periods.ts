/**
 * Billing's arithmetic: periods (a month or a year from a moment, in UTC, the day clamped to the
 * month's end) and proration to the second, as the Terms (§6) describe it.
 */
import type { BillingInterval } from "./plan-catalog.ts";

export const DAY_MS = 86_400_000;

/** `from` plus one billing period: Jan 31 + a month is Feb 28 (or 29). */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const months = interval === "monthly" ? 1 : 12;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The part of `amountMinor` (a whole period's price) that covers `now` to the period's end, to the second. */
export function remainingShare(amountMinor: number, period: { start: Date; end: Date }, now: Date): number {
  const totalSeconds = Math.floor((period.end.getTime() - period.start.getTime()) / 1000);
  const remainingSeconds = Math.max(0, Math.floor((period.end.getTime() - now.getTime()) / 1000));
  if (totalSeconds <= 0) return 0;
  return Math.round((amountMinor * Math.min(remainingSeconds, totalSeconds)) / totalSeconds);
}

/** Dunning: after a failed charge, retries this many days after the first failure; then read-only. */
export const DUNNING_RETRY_DAYS = [1, 3, 5, 7] as const;

/** When the retry after `attempts` charges (the first included) is due, or null when none is left. */
export function nextRetryAt(firstFailure: Date, attempts: number): Date | null {
  const days = DUNNING_RETRY_DAYS[attempts - 1];
  return days === undefined ? null : new Date(firstFailure.getTime() + days * DAY_MS);
}

/** Trial reminders go out this many days before the trial ends, once each. */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;
/** A cancellation stops the next renewal only if made at least this long before it (Terms §6). */
export const CANCEL_NOTICE_MS = 24 * 60 * 60 * 1000;
