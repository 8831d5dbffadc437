/**
 * The log's filters, checked and turned into the repository's query: the date range becomes the
 * instants that the organization's days start at (its time zone), the end date included.
 */
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AuditQuery } from "./audit-repository.ts";
import { type AuditFilter, auditFilterSchema } from "./audit-schemas.ts";

export const AUDIT_FILTER_INVALID_MESSAGE = "Please correct the highlighted filters.";

/** The filters, or a 422 with field errors (`details.fieldErrors`). */
export function parseAuditFilter(input: unknown): AuditFilter {
  const parsed = auditFilterSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  throw new AppError("unprocessable_entity", AUDIT_FILTER_INVALID_MESSAGE, { fieldErrors });
}

export function auditQueryOf(filter: AuditFilter, timeZone: string): AuditQuery {
  return {
    action: filter.action,
    actor: filter.actor,
    q: filter.q,
    since: filter.from ? startOfDate(filter.from, timeZone) : undefined,
    until: filter.to ? startOfDate(addDays(filter.to, 1), timeZone) : undefined,
  };
}

/** The instant `date` (YYYY-MM-DD) begins on the wall clocks of `timeZone`. */
export function startOfDate(date: string, timeZone: string): Date {
  const midnightUtc = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  // Local midnight is UTC midnight minus the zone's offset; the offset is read at a first guess and
  // again at the result (a day that starts across a daylight-saving change).
  let guess = midnightUtc - offsetMs(timeZone, new Date(midnightUtc));
  guess = midnightUtc - offsetMs(timeZone, new Date(guess));
  // A zone whose clocks skip midnight starts the day at the first instant that is on that date.
  while (calendarDateIn(timeZone, new Date(guess)) < date) guess += 15 * 60_000;
  return new Date(guess);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`. */
function offsetMs(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}
