import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface RateLimitRepository {
  /** Counts one hit for `key` in the window that starts at `windowStart`; returns the count so far. */
  incrementHit(key: string, windowStart: number): Promise<number>;
  /** The count so far for `key` in that window, without counting a hit. */
  countHits(key: string, windowStart: number): Promise<number>;
  deleteWindowsBefore(windowStart: number): Promise<number>;
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
    async countHits(key, windowStart) {
      const row = await db
        .selectFrom("rate_limits")
        .select("count")
        .where("key", "=", key)
        .where("window_start", "=", windowStart)
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async deleteWindowsBefore(windowStart) {
      const result = await db.deleteFrom("rate_limits").where("window_start", "<", windowStart).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
