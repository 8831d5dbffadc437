import { formatDate } from "#core/shared/number-format.ts";

/** "14 Dec 2026" in the reader's locale and the viewer's time zone; "" when there is no date. */
export function formatDay(value: Date | string | null | undefined, locale: string, timeZone: string): string {
  if (!value) return "";
  return formatDate(value, locale, { timeZone, style: "medium" });
}

/** Whole days from `now` until `end`, never below zero. */
export function daysUntil(end: Date | string, now: number): number {
  return Math.max(0, Math.ceil((new Date(end).getTime() - now) / 86_400_000));
}
