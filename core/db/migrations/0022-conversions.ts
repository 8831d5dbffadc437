import { type Kysely, sql } from "kysely";

/**
 * Conversion settings (issue 20 §3): each ad account's conversion actions as its platform reports
 * them, the organization's choice of which count (a row only where someone chose), the per
 * campaign-day-action counts a choice is applied from, and the revenue truth per platform.
 *
 * `campaign_daily_metrics` keeps the platform's own conversions beside the effective ones
 * (`platform_conversions`, `platform_conversion_value_minor`; null where `conversions` are the
 * platform's, as on every row written before this migration), so a choice can be applied to history and
 * undone exactly, without a re-sync. It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.alterTable("campaign_daily_metrics").addColumn("platform_conversions", "double precision").execute();
  await db.schema.alterTable("campaign_daily_metrics").addColumn("platform_conversion_value_minor", "bigint").execute();

  await db.schema
    .createTable("conversion_actions")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // The ad account it belongs to, as campaigns reference it (it goes with the account).
    .addColumn("ad_account_id", "varchar(64)", (column) =>
      column.notNull().references("ad_accounts.id").onDelete("cascade"),
    )
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("external_id", "varchar(255)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    // purchase | lead | sign_up | add_to_cart | begin_checkout | page_view | phone_call | other
    .addColumn("category", "varchar(32)", (column) => column.notNull())
    // Whether the platform's own conversions column includes it: the default choice.
    .addColumn("counted_by_platform", "boolean", (column) => column.notNull())
    .addColumn("click_window_days", "integer")
    .addColumn("view_window_days", "integer")
    // active | removed (no longer listed by the platform; its counts stay).
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("active"))
    .addColumn("synced_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("conversion_actions_account_external_unique", ["ad_account_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("conversion_actions_organization_idx")
    .ifNotExists()
    .on("conversion_actions")
    .columns(["organization_id", "platform"])
    .execute();

  await db.schema
    .createTable("conversion_settings")
    .ifNotExists()
    .addColumn("action_id", "varchar(64)", (column) =>
      column.primaryKey().references("conversion_actions.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("counted", "boolean", (column) => column.notNull())
    // Who chose (kept when they leave: the name is copied beside it).
    .addColumn("set_by", "varchar(64)")
    .addColumn("set_by_name", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("set_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("conversion_settings_organization_idx")
    .ifNotExists()
    .on("conversion_settings")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("campaign_daily_conversions")
    .ifNotExists()
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("action_id", "varchar(64)", (column) =>
      column.notNull().references("conversion_actions.id").onDelete("cascade"),
    )
    .addColumn("date", "varchar(10)", (column) => column.notNull())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("conversions", "double precision", (column) => column.notNull().defaultTo(0))
    .addColumn("conversion_value_minor", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("campaign_daily_conversions_pk", ["campaign_id", "action_id", "date"])
    .execute();
  await db.schema
    .createIndex("campaign_daily_conversions_action_idx")
    .ifNotExists()
    .on("campaign_daily_conversions")
    .columns(["action_id", "date"])
    .execute();
  await db.schema
    .createIndex("campaign_daily_conversions_organization_idx")
    .ifNotExists()
    .on("campaign_daily_conversions")
    .columns(["organization_id", "date"])
    .execute();

  // Store revenue per campaign-day (orders attributed by UTM, on the campaign's account's days),
  // kept for organizations whose revenue truth is the store for some platform.
  await db.schema
    .createTable("campaign_daily_store_revenue")
    .ifNotExists()
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("date", "varchar(10)", (column) => column.notNull())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("revenue_minor", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("orders", "integer", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("campaign_daily_store_revenue_pk", ["campaign_id", "date"])
    .execute();
  await db.schema
    .createIndex("campaign_daily_store_revenue_organization_idx")
    .ifNotExists()
    .on("campaign_daily_store_revenue")
    .columns(["organization_id", "date"])
    .execute();

  // The revenue truth per platform, overriding the organization's default_attribution (0014).
  await db.schema
    .createTable("revenue_truth_overrides")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    // platform | store
    .addColumn("source", "varchar(16)", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("revenue_truth_overrides_pk", ["organization_id", "platform"])
    .execute();
}
