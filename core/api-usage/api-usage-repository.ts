import { type Kysely, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";

export interface ApiUsageIncrement {
  organizationId: string;
  /** The UTC month, YYYY-MM. */
  period: string;
  calls: number;
}

export interface ApiUsageRepository {
  /** Calls counted so far for the organization in that month (every node's flushed calls). */
  countCalls(organizationId: string, period: string): Promise<number>;
  /** Adds the increments in one transaction; returns the new totals, in the increments' order. */
  addCalls(increments: readonly ApiUsageIncrement[]): Promise<number[]>;
}

export function createApiUsageRepository(db: Kysely<Database>): ApiUsageRepository {
  return {
    async countCalls(organizationId, period) {
      const row = await db
        .selectFrom("api_usage")
        .select("calls")
        .where("organization_id", "=", organizationId)
        .where("period", "=", period)
        .executeTakeFirst();
      return row ? Number(row.calls) : 0;
    },
    async addCalls(increments) {
      const totals: number[] = [];
      if (increments.length === 0) return totals;
      await db.transaction().execute(async (trx) => {
        for (const increment of increments) {
          // One atomic upsert on both dialects, so several nodes can add at once.
          const row = await trx
            .insertInto("api_usage")
            .values({ organization_id: increment.organizationId, period: increment.period, calls: increment.calls })
            .onConflict((conflict) =>
              conflict
                .columns(["organization_id", "period"])
                .doUpdateSet({ calls: sql<number>`api_usage.calls + ${increment.calls}` }),
            )
            .returning("calls")
            .executeTakeFirstOrThrow();
          totals.push(Number(row.calls));
        }
      });
      return totals;
    },
  };
}
