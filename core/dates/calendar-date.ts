/** A calendar date as `YYYY-MM-DD`, the form metric rows are stored in. */
export type CalendarDate = string;

/** The date it is at `instant` on the wall clocks of `timeZone` (an IANA name). */
export function calendarDateIn(timeZone: string, instant: Date): CalendarDate {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** `date` moved by `days` (negative goes back), across months and years. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The `days` days that end with `lastDay`, both ends included. */
export function trailingDays(lastDay: CalendarDate, days: number): { from: CalendarDate; to: CalendarDate } {
  return { from: addDays(lastDay, -(days - 1)), to: lastDay };
}
