import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** How a back-off grows: `freeAttempts` go through at once, then each waits twice as long, up to `maxDelayMs`. */
export interface BackoffPolicy {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key idle this long after its wait ended starts again from the first attempt. */
  forgetAfterMs: number;
}

export interface RateLimitRepository {
  /** Counts one hit for `key` in the window that starts at `windowStart`; returns the count so far. */
  incrementHit(key: string, windowStart: number): Promise<number>;
  /** Gives back one hit counted in that window (an attempt that turned out not to count). */
  releaseHit(key: string, windowStart: number): Promise<void>;
  /** The count so far for `key` in that window, without counting a hit. */
  countHits(key: string, windowStart: number): Promise<number>;
  /**
   * Claims the next attempt of a back-off key, atomically: refused (null) while the key's wait
   * runs, otherwise counted, with the wait before the following attempt set in the same statement.
   * Returns the attempt's number. The row keeps the time until which the key waits in window_start.
   */
  claimBackoffAttempt(key: string, nowMs: number, policy: BackoffPolicy): Promise<number | null>;
  /** Until when (ms) a back-off key waits, or null if it has no row. */
  backoffUntil(key: string): Promise<number | null>;
  deleteKey(key: string): Promise<void>;
  deleteKeysStartingWith(prefix: string): Promise<number>;
  deleteWindowsBefore(windowStart: number): Promise<number>;
}

/** The wait after the `attempt`-th attempt: none for the free ones, then 1×, 2×, 4× … the base, capped. */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy): number {
  if (attempt < policy.freeAttempts) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempt - policy.freeAttempts, 40), policy.maxDelayMs);
}

/** backoffDelayMs over an SQL integer, as a CASE both dialects read the same (SQLite has no pow()). */
function delayAfter(attempt: RawBuilder<number>, policy: BackoffPolicy): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [];
  for (let n = policy.freeAttempts; backoffDelayMs(n, policy) < policy.maxDelayMs; n++)
    steps.push(sql`when ${attempt} = ${sql.lit(n)} then ${sql.lit(backoffDelayMs(n, policy))}`);
  return sql<number>`case when ${attempt} < ${sql.lit(policy.freeAttempts)} then 0 ${sql.join(steps, sql` `)} else ${sql.lit(policy.maxDelayMs)} end`;
}

export function createRateLimitRepository(db: Kysely<Database>): RateLimitRepository {
  return {
    async incrementHit(key, windowStart) {
      // One atomic upsert on both dialects: a new window resets the counter.
      const row = await db
        .insertInto("rate_limits")
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
            window_start: windowStart,
          }),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async releaseHit(key, windowStart) {
      await db
        .updateTable("rate_limits")
        .set({ count: sql<number>`count - 1` })
        .where("key", "=", key)
        .where("window_start", "=", windowStart)
        .where("count", ">", 0)
        .execute();
    },
    async countHits(key, windowStart) {
      const row = await db
        .selectFrom("rate_limits")
        .select("count")
        .where("key", "=", key)
        .where("window_start", "=", windowStart)
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async claimBackoffAttempt(key, nowMs, policy) {
      const now = sql<number>`cast(${nowMs} as bigint)`;
      const isForgotten = sql<boolean>`rate_limits.window_start < ${nowMs - policy.forgetAfterMs}`;
      const attempt = sql<number>`(case when ${isForgotten} then 1 else rate_limits.count + 1 end)`;
      // The WHERE makes the claim and the wait one statement: parallel attempts queue on the row,
      // and each sees the wait the previous one set. While the count is within the free attempts
      // there is no wait at all, whatever the times: parallel requests read the clock in any order
      // (and nodes' clocks differ by milliseconds), so a later row time must not refuse them.
      const row = await db
        .insertInto("rate_limits")
        .values({ key, window_start: nowMs + backoffDelayMs(1, policy), count: 1 })
        .onConflict((conflict) =>
          conflict
            .column("key")
            .doUpdateSet({ count: attempt, window_start: sql<number>`${now} + ${delayAfter(attempt, policy)}` })
            .where(sql<boolean>`(rate_limits.count < ${policy.freeAttempts} or rate_limits.window_start <= ${nowMs})`),
        )
        .returning("count")
        .executeTakeFirst();
      return row ? Number(row.count) : null;
    },
    async backoffUntil(key) {
      const row = await db.selectFrom("rate_limits").select("window_start").where("key", "=", key).executeTakeFirst();
      return row ? Number(row.window_start) : null;
    },
    async deleteKey(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
    async deleteKeysStartingWith(prefix) {
      // substr, not LIKE: keys hold email addresses, whose "_" and "%" LIKE would read as wildcards.
      const result = await db
        .deleteFrom("rate_limits")
        .where(sql<string>`substr(key, 1, ${prefix.length})`, "=", prefix)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteWindowsBefore(windowStart) {
      const result = await db.deleteFrom("rate_limits").where("window_start", "<", windowStart).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
