import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * The advertising data every organization syncs: connections to platforms, the ad accounts behind
 * them, their campaigns and one metrics row per campaign and day. Money is integer minor units
 * plus an ISO 4217 currency; metric dates are the ad account's local calendar dates (YYYY-MM-DD).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  // Every row belongs to one organization and goes with it.
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");

  await db.schema
    .createTable("connections")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    // active | syncing | error | disconnected
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("active"))
    .addColumn("access_token_encrypted", "text")
    .addColumn("refresh_token_encrypted", "text")
    .addColumn("token_expires_at", "timestamptz")
    .addColumn("last_synced_at", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("created_by", "varchar(64)", (column) => column.references("user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("connections_organization_idx")
    .ifNotExists()
    .on("connections")
    .columns(["organization_id", "platform"])
    .execute();

  await db.schema
    .createTable("ad_accounts")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("connection_id", "varchar(64)", (column) =>
      column.notNull().references("connections.id").onDelete("cascade"),
    )
    .addColumn("external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("time_zone", "varchar(64)", (column) => column.notNull().defaultTo("UTC"))
    // The user picks which ad accounts Adhelm manages; the others are listed but left alone.
    .addColumn("is_managed", "boolean", (column) => column.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("ad_accounts_connection_external_unique", ["connection_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("ad_accounts_organization_idx")
    .ifNotExists()
    .on("ad_accounts")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("campaigns")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("ad_account_id", "varchar(64)", (column) =>
      column.notNull().references("ad_accounts.id").onDelete("cascade"),
    )
    .addColumn("external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    // enabled | paused | removed
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("daily_budget_minor", "bigint")
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("campaigns_account_external_unique", ["ad_account_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("campaigns_organization_idx")
    .ifNotExists()
    .on("campaigns")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("campaign_daily_metrics")
    .ifNotExists()
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("date", "varchar(10)", (column) => column.notNull())
    .addColumn("impressions", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("clicks", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("spend_minor", "bigint", (column) => column.notNull().defaultTo(0))
    // Platforms report fractional conversions (data-driven attribution).
    .addColumn("conversions", "double precision", (column) => column.notNull().defaultTo(0))
    .addColumn("conversion_value_minor", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("campaign_daily_metrics_pk", ["campaign_id", "date"])
    .execute();
  await db.schema
    .createIndex("campaign_daily_metrics_organization_date_idx")
    .ifNotExists()
    .on("campaign_daily_metrics")
    .columns(["organization_id", "date"])
    .execute();
}
