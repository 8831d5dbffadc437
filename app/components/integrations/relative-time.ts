const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago", then a date. Pure, so the server render
 * and the first client render agree when both pass the same `now`. Dates are shown in UTC for the
 * same reason: the server does not know the browser's time zone.
 */
export function formatRelativeTime(from: Date, now: Date): string {
  // A clock a little ahead of ours is still "just now".
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return countAgo(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return countAgo(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 2 * DAY) return "yesterday";
  if (elapsed < 7 * DAY) return countAgo(Math.floor(elapsed / DAY), "day");
  const isSameYear = from.getUTCFullYear() === now.getUTCFullYear();
  return from.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: isSameYear ? undefined : "numeric",
    timeZone: "UTC",
  });
}

function countAgo(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** The full time for a tooltip or <time title>, in UTC like the relative text. */
export function formatExactTime(at: Date): string {
  return `${at.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  })} UTC`;
}
