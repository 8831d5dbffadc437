import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * The level below campaigns (issue 20 §1): ad groups (Meta ad sets; on LinkedIn the campaign
 * itself), ads with their creative, and one metrics row per ad and day. Stored like campaigns and
 * their daily metrics: ids are ours, external ids the platform's (unique per ad account), money in
 * integer minor units plus an ISO 4217 currency, dates the ad account's local calendar dates.
 * Also each ad account's ad-level sync state, so an ad-level failure is retried by the next sync
 * over the whole range it missed. It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");
  const adAccountId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("ad_accounts.id").onDelete("cascade");
  const campaignId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("campaigns.id").onDelete("cascade");

  await db.schema
    .createTable("ad_groups")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("ad_account_id", "varchar(64)", adAccountId)
    .addColumn("campaign_id", "varchar(64)", campaignId)
    .addColumn("external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    // enabled | paused | removed
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("synced_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("ad_groups_account_external_unique", ["ad_account_id", "external_id"])
    .execute();
  await db.schema.createIndex("ad_groups_campaign_idx").ifNotExists().on("ad_groups").column("campaign_id").execute();
  await db.schema
    .createIndex("ad_groups_organization_idx")
    .ifNotExists()
    .on("ad_groups")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("ads")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("ad_account_id", "varchar(64)", adAccountId)
    .addColumn("campaign_id", "varchar(64)", campaignId)
    .addColumn("ad_group_id", "varchar(64)", (column) =>
      column.notNull().references("ad_groups.id").onDelete("cascade"),
    )
    .addColumn("external_id", "varchar(64)", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    // Ours, derived from (ad account, creative external id): every ad showing one creative shares it.
    .addColumn("creative_id", "varchar(64)", (column) => column.notNull())
    .addColumn("creative_external_id", "varchar(128)", (column) => column.notNull())
    // image | video | carousel | text
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("headline", "text")
    .addColumn("body", "text")
    .addColumn("landing_url", "text")
    .addColumn("url_suffix", "text")
    .addColumn("media_url", "text")
    .addColumn("thumbnail_url", "text")
    // Whether landing URL + suffix carry utm_source, utm_medium and utm_campaign (derived at sync).
    .addColumn("has_utm", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("synced_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("ads_account_external_unique", ["ad_account_id", "external_id"])
    .execute();
  await db.schema
    .createIndex("ads_campaign_idx")
    .ifNotExists()
    .on("ads")
    .columns(["campaign_id", "ad_group_id"])
    .execute();
  await db.schema.createIndex("ads_ad_group_idx").ifNotExists().on("ads").column("ad_group_id").execute();
  await db.schema
    .createIndex("ads_organization_creative_idx")
    .ifNotExists()
    .on("ads")
    .columns(["organization_id", "creative_id"])
    .execute();

  // Only the primary key: every index slows the sync's writes, and the reads go through the ads
  // (a campaign's ads, then each ad's days by the key).
  await db.schema
    .createTable("ad_daily_metrics")
    .ifNotExists()
    .addColumn("ad_id", "varchar(64)", (column) => column.notNull().references("ads.id").onDelete("cascade"))
    .addColumn("organization_id", "varchar(64)", organizationId)
    // The ad's campaign, denormalized for sums per campaign; the ad's key removes the row with it.
    .addColumn("campaign_id", "varchar(64)", (column) => column.notNull())
    .addColumn("date", "varchar(10)", (column) => column.notNull())
    .addColumn("impressions", "bigint", (column) => column.notNull().defaultTo(0))
    // null where the platform does not report reach per ad and day.
    .addColumn("reach", "bigint")
    .addColumn("clicks", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("spend_minor", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("conversions", "double precision", (column) => column.notNull().defaultTo(0))
    .addColumn("conversion_value_minor", "bigint", (column) => column.notNull().defaultTo(0))
    // null for a platform or creative without video views.
    .addColumn("video_views", "bigint")
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("ad_daily_metrics_pk", ["ad_id", "date"])
    .execute();
  // Per ad account: when its ad level last synced completely, and the last ad-level failure.
  await db.schema
    .createTable("ad_sync_states")
    .ifNotExists()
    .addColumn("ad_account_id", "varchar(64)", (column) =>
      column.primaryKey().references("ad_accounts.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("synced_at", "timestamptz")
    .addColumn("failed_at", "timestamptz")
    .addColumn("error", "text")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
}
