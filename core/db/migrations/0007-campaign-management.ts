import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * Managing campaigns from Adhelm: the change log of every change pushed to a platform, the team's
 * goals, API keys (stored as hashes) with their idempotency records and monthly usage, the
 * organization's plan, and the sandbox's campaigns created or renamed through its APIs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");

  // Billing is not built: every organization is on its trial plan until it is.
  await db.schema
    .alterTable("organization")
    .addColumn("plan_id", "varchar(32)", (column) => column.notNull().defaultTo("professional"))
    .execute();

  await db.schema
    .createTable("change_log")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    // Kept when the campaign row goes (a deleted connection): the log is the team's history.
    .addColumn("campaign_id", "varchar(64)", (column) => column.references("campaigns.id").onDelete("set null"))
    .addColumn("campaign_name", "text", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    // user | api_key | system
    .addColumn("actor_type", "varchar(16)", (column) => column.notNull())
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_label", "text", (column) => column.notNull())
    // app | api | undo | rule
    .addColumn("source", "varchar(16)", (column) => column.notNull())
    // create | pause | enable | set_budget | rename | update
    .addColumn("action", "varchar(24)", (column) => column.notNull())
    .addColumn("reason", "text")
    // JSON: { status?, dailyBudgetMinor?, name? } before and after (after is what was asked for).
    .addColumn("before_json", "text", (column) => column.notNull())
    .addColumn("after_json", "text", (column) => column.notNull())
    // succeeded | failed
    .addColumn("outcome", "varchar(16)", (column) => column.notNull())
    .addColumn("platform_response", "text")
    .addColumn("batch_id", "varchar(64)")
    .addColumn("undo_of", "varchar(64)")
    .addColumn("undone_by", "varchar(64)")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("change_log_organization_created_idx")
    .ifNotExists()
    .on("change_log")
    .columns(["organization_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("change_log_campaign_created_idx")
    .ifNotExists()
    .on("change_log")
    .columns(["campaign_id", "created_at"])
    .execute();

  await db.schema
    .createTable("goals")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    // "organization", or an ad platform id for a per-platform goal.
    .addColumn("scope", "varchar(32)", (column) => column.notNull())
    // roas | cpa, or null when only a budget is set.
    .addColumn("target_kind", "varchar(8)")
    .addColumn("target_roas", "double precision")
    .addColumn("target_cpa_minor", "bigint")
    .addColumn("monthly_budget_minor", "bigint")
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("updated_by", "varchar(64)", (column) => column.references("user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("goals_organization_scope_unique", ["organization_id", "scope"])
    .execute();

  await db.schema
    .createTable("api_keys")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("name", "text", (column) => column.notNull())
    // The key's first characters, shown so a person can tell keys apart; the key itself is never stored.
    .addColumn("prefix", "varchar(32)", (column) => column.notNull())
    .addColumn("key_hash", "varchar(64)", (column) => column.notNull().unique())
    // read | read_write: a read-only key may list and read, not change campaigns.
    .addColumn("scope", "varchar(16)", (column) => column.notNull().defaultTo("read_write"))
    .addColumn("created_by", "varchar(64)", (column) => column.references("user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("expires_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("api_keys_organization_idx")
    .ifNotExists()
    .on("api_keys")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("api_idempotency_keys")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("key", "varchar(255)", (column) => column.notNull())
    .addColumn("method", "varchar(8)", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull())
    // SHA-256 of method, path and body: the same key with another request is refused.
    .addColumn("request_hash", "varchar(64)", (column) => column.notNull())
    // pending while the first request runs; done with its answer.
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("api_idempotency_keys_pk", ["organization_id", "key"])
    .execute();
  await db.schema
    .createIndex("api_idempotency_keys_expires_idx")
    .ifNotExists()
    .on("api_idempotency_keys")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("api_usage")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", organizationId)
    // The UTC calendar month, YYYY-MM.
    .addColumn("period", "varchar(7)", (column) => column.notNull())
    .addColumn("calls", "bigint", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("api_usage_pk", ["organization_id", "period"])
    .execute();

  // The sandbox's own campaigns, created through a platform's API (the engine's are generated).
  await db.schema
    .createTable("sandbox_created_campaigns")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("tenant", "varchar(64)", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("account_external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("daily_budget_minor", "bigint", (column) => column.notNull())
    // The sandbox date it was created: the market engine simulates it from then on.
    .addColumn("created_on", "varchar(10)", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addUniqueConstraint("sandbox_created_campaigns_unique", ["tenant", "platform", "external_id"])
    .execute();
  // A rename through a platform's API, alongside status and budget changes.
  await db.schema.alterTable("sandbox_campaign_changes").addColumn("name", "text").execute();
}
