import { formatCalendarDate } from "#core/shared/number-format.ts";
/** A calendar date, "2026-11-10" → "November 10, 2026". */
export function formatLongDate(date: string): string {
  // A calendar date reads as that day, so the server and the browser render the same text.
  return formatCalendarDate(date, "en-US", "long");
}
