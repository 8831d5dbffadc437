/** Formatted in UTC so the server and the browser render the same text. */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A calendar date, "2026-11-10" → "November 10, 2026". */
export function formatLongDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}
