import { AppError } from "#core/errors/app-error.ts";
import { toIsoTimestamp } from "./iso-timestamp.ts";

/** Where a page ended: the last row's sort key (its timestamp as stored, then its id). */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

// How SQLite (CURRENT_TIMESTAMP or ISO) and PostgreSQL (timestamptz as text) write a timestamp.
const STORED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

function isStoredTimestamp(text: string): boolean {
  if (!STORED_TIMESTAMP.test(text)) return false;
  try {
    toIsoTimestamp(text);
    return true;
  } catch {
    return false;
  }
}

/** An opaque cursor: base64url JSON of the position, so clients pass it back and never build one. */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt, i: position.id })).toString("base64url");
}

export function decodeCursor(cursor: string): KeysetPosition {
  const invalid = () => new AppError("bad_request", "The cursor is not valid. Use the nextCursor of a previous page.");
  if (cursor.length > 512 || !/^[\w-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const { t, i } = (parsed ?? {}) as { t?: unknown; i?: unknown };
  if (typeof t !== "string" || typeof i !== "string" || !isStoredTimestamp(t) || !/^[\w-]{1,64}$/.test(i))
    throw invalid();
  return { createdAt: t, id: i };
}

/** Reads one more row than the page holds, to know whether another page follows. */
export function pageOf<T>(rows: Array<{ position: KeysetPosition } & T>, limit: number) {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  return { page, nextCursor: hasMore ? encodeCursor(page.at(-1)!.position) : null };
}
