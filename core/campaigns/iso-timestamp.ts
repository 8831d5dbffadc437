// SQLite's CURRENT_TIMESTAMP: UTC to the second, without a zone.
const SQLITE_CURRENT_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A stored timestamp as ISO 8601 UTC. PostgreSQL hands back a Date; SQLite hands back the text it
 * stored: CURRENT_TIMESTAMP's "YYYY-MM-DD HH:MM:SS" (UTC, without a zone, which JavaScript would
 * read as local time) or a timestamp we wrote ourselves with its offset. The common case is
 * rewritten as text: lists map many of these per request.
 */
export function toIsoTimestamp(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  if (SQLITE_CURRENT_TIMESTAMP.test(value)) return `${value.slice(0, 10)}T${value.slice(11)}.000Z`;
  const iso = value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
  return new Date(HAS_ZONE.test(value) ? iso : `${iso}Z`).toISOString();
}
