/** Reading the platforms' wait hints. `PlatformError` itself is part of the connector port (`core/shared/connector-port.ts`). */

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Reads a protobuf Duration as JSON ("2.5s") as milliseconds. */
export function parseDurationMs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match ? Math.round(Number(match[1]) * 1000) : null;
}
