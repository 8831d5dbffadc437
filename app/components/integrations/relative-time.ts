import { formatDate, formatDateTime } from "#core/shared/number-format.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface TimeFormatOptions {
  /** The reader's locale ("de-DE"); English by default. */
  locale?: string;
  /** The reader's time zone (their profile's); UTC by default, which the server and browser agree on. */
  timeZone?: string;
  /** What a time under a minute ago reads, in the reader's language ("just now"). */
  justNow?: string;
}

/** A time zone Intl knows, else UTC: a stale profile value must not break the page. */
function knownTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

function yearIn(at: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", timeZone }).format(at);
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago" (Intl.RelativeTimeFormat in the reader's
 * locale), then a date. Pure, so the server render and the first client render agree when both pass
 * the same `now`. Dates are shown in the given time zone (UTC unless told): the server does not know
 * the browser's.
 */
export function formatRelativeTime(from: Date, now: Date, options: TimeFormatOptions = {}): string {
  const locale = options.locale ?? "en-US";
  const timeZone = knownTimeZone(options.timeZone);
  // A clock a little ahead of ours is still "just now".
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (elapsed < MINUTE) return options.justNow ?? "just now";
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  const isSameYear = yearIn(from, locale, timeZone) === yearIn(now, locale, timeZone);
  return formatDate(from, locale, { timeZone, withYear: !isSameYear });
}

/** The full time for a tooltip or <time title>, with its time zone ("Jun 15, 2025, 9:05 AM UTC"). */
export function formatExactTime(at: Date, options: Omit<TimeFormatOptions, "justNow"> = {}): string {
  return formatDateTime(at, options.locale ?? "en-US", { timeZone: options.timeZone, withZone: true });
}
