import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * Connecting and syncing platforms: OAuth states, the job queue of the embedded runner, the
 * sync history, store orders (the revenue truth) and the built-in sandbox's own state (its clock,
 * the campaign changes made through its APIs and the faults a test injects).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");
  const connectionId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("connections.id").onDelete("cascade");

  // Non-secret facts a platform's later calls need (JSON): a shop domain, Microsoft's customer id, …
  await db.schema.alterTable("connections").addColumn("platform_context", "text").execute();
  // Who the platform says we are connected as (a shop name, an account owner): shown on the card.
  await db.schema.alterTable("connections").addColumn("display_name", "text").execute();
  await db.schema.alterTable("ad_accounts").addColumn("platform_context", "text").execute();

  await db.schema
    .createTable("oauth_states")
    .ifNotExists()
    // The SHA-256 of the state value sent to the platform; the value itself is never stored.
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("session_id", "varchar(64)", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("store_address", "text")
    // WooCommerce posts the keys to a server callback before the browser returns; held here, encrypted.
    .addColumn("pending_tokens_encrypted", "text")
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("jobs")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("queue", "varchar(64)", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    // queued | running | succeeded | failed
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("queued"))
    // At most one queued or running job per key (e.g. one sync per connection).
    .addColumn("singleton_key", "varchar(160)")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (column) => column.notNull().defaultTo(5))
    .addColumn("run_at", "timestamptz", (column) => column.notNull())
    // A running job whose lock has passed belongs to a process that died; it runs again.
    .addColumn("locked_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("jobs_due_idx").ifNotExists().on("jobs").columns(["status", "run_at"]).execute();
  await db.schema
    .createIndex("jobs_singleton_unique")
    .ifNotExists()
    .unique()
    .on("jobs")
    .columns(["queue", "singleton_key"])
    .where(sql.ref("status"), "in", sql`('queued', 'running')`)
    .execute();

  await db.schema
    .createTable("sync_runs")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("connection_id", "varchar(64)", connectionId)
    // backfill | incremental | manual
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    // running | succeeded | failed
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("window_from", "varchar(10)", (column) => column.notNull())
    .addColumn("window_to", "varchar(10)", (column) => column.notNull())
    // Steps are (ad account, date chunk) pairs; done ones are skipped when a run resumes.
    .addColumn("steps_total", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("steps_done", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("campaigns_synced", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("rows_upserted", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("retries", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("started_at", "timestamptz", (column) => column.notNull())
    .addColumn("finished_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("sync_runs_connection_idx")
    .ifNotExists()
    .on("sync_runs")
    .columns(["connection_id", "started_at"])
    .execute();

  await db.schema
    .createTable("store_orders")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("connection_id", "varchar(64)", connectionId)
    .addColumn("external_id", "varchar(128)", (column) => column.notNull())
    .addColumn("name", "varchar(64)", (column) => column.notNull())
    // ISO 8601 UTC, so it sorts as text on both databases.
    .addColumn("ordered_at", "varchar(32)", (column) => column.notNull())
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("total_minor", "bigint", (column) => column.notNull())
    .addColumn("refunded_minor", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("store_orders_connection_external_unique", ["connection_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("store_orders_organization_ordered_idx")
    .ifNotExists()
    .on("store_orders")
    .columns(["organization_id", "ordered_at"])
    .execute();

  // The sandbox's state. Its market is computed, so only what changes it is stored.
  await db.schema
    .createTable("sandbox_settings")
    .ifNotExists()
    .addColumn("key", "varchar(64)", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("sandbox_campaign_changes")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("tenant", "varchar(128)", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("campaign_id", "varchar(64)", (column) => column.notNull())
    .addColumn("effective_date", "varchar(10)", (column) => column.notNull())
    .addColumn("status", "varchar(16)")
    .addColumn("daily_budget_minor", "bigint")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_campaign_changes_tenant_idx")
    .ifNotExists()
    .on("sandbox_campaign_changes")
    .columns(["tenant", "platform"])
    .execute();
  await db.schema
    .createTable("sandbox_faults")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // null: every tenant / every platform.
    .addColumn("tenant", "varchar(128)")
    .addColumn("platform", "varchar(32)")
    // throttle | server_error | slow | expired_token | revoked
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("probability", "double precision", (column) => column.notNull().defaultTo(1))
    // How many more calls it may hit; null: until cleared.
    .addColumn("remaining", "integer")
    .addColumn("delay_ms", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
}
