import type { Kysely } from "kysely";

/** Fixed-window counters for rate limits; kept in the database so limits hold across restarts and nodes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .ifNotExists()
    .addColumn("key", "varchar(255)", (column) => column.primaryKey())
    .addColumn("window_start", "bigint", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limits_window_start_idx")
    .ifNotExists()
    .on("rate_limits")
    .column("window_start")
    .execute();
}
