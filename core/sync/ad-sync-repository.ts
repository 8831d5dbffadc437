import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { hasUtmParameters } from "#core/ads/ad-utm.ts";
import { creativeIdOf } from "#core/ads/creative-id.ts";
import type { Database } from "#core/db/schema.ts";
import type { ExternalAd, ExternalAdDailyMetric, ExternalAdGroup } from "#core/shared/connector-port.ts";
import { createBatchWriter } from "./batch-writer.ts";

/** What the sync writes below campaigns: ad groups, ads with their creative, ad-day metrics, and each account's ad-level state. */
export interface AdSyncRepository {
  /** Upserts by (ad account, external id); ad groups of campaigns we do not have are left out. Returns how many were written. */
  upsertAdGroups(organizationId: string, adAccountId: string, groups: ExternalAdGroup[]): Promise<number>;
  /** Upserts by (ad account, external id); ads of ad groups we do not have are left out. Returns how many were written. */
  upsertAds(organizationId: string, adAccountId: string, ads: ExternalAd[]): Promise<number>;
  /** Idempotent: one row per ad and date, replaced by the newest numbers; rows of ads we do not have are left out. */
  upsertAdDailyMetrics(organizationId: string, adAccountId: string, rows: ExternalAdDailyMetric[]): Promise<number>;
  /** When the account's ad level last synced completely; null when never. */
  adLevelSyncedAt(adAccountId: string): Promise<Date | null>;
  markAdLevelSynced(organizationId: string, adAccountId: string, at: Date): Promise<void>;
  /** Records why the ad level failed; the campaign data of the same run stays. */
  recordAdLevelFailure(organizationId: string, adAccountId: string, error: string, at: Date): Promise<void>;
}

interface StoredAdDay extends ExternalAdDailyMetric {
  adId: string;
  campaignId: string;
}

const adDailyMetricsWriter = createBatchWriter<StoredAdDay, { organizationId: string; updatedAt: string }>({
  table: "ad_daily_metrics",
  columns: [
    "ad_id",
    "organization_id",
    "campaign_id",
    "date",
    "impressions",
    "reach",
    "clicks",
    "spend_minor",
    "conversions",
    "conversion_value_minor",
    "video_views",
    "currency",
    "updated_at",
  ],
  conflictKey: ["ad_id", "date"],
  updateColumns: [
    "campaign_id",
    "impressions",
    "reach",
    "clicks",
    "spend_minor",
    "conversions",
    "conversion_value_minor",
    "video_views",
    "currency",
    "updated_at",
  ],
  values: (row, shared) => [
    row.adId,
    shared.organizationId,
    row.campaignId,
    row.date,
    row.impressions,
    row.reach,
    row.clicks,
    row.spendMinor,
    row.conversions,
    row.conversionValueMinor,
    row.videoViews,
    row.currency,
    shared.updatedAt,
  ],
});

/** Rows per insert statement of ad groups and ads (about 20 columns each: far inside both databases' limits). */
const ROWS_PER_INSERT = 500;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export function createAdSyncRepository(db: Kysely<Database>): AdSyncRepository {
  const now = () => new Date().toISOString();
  const idsBy = async (table: "campaigns" | "ad_groups", adAccountId: string) => {
    const rows = await db
      .selectFrom(table)
      .select(["id", "external_id"])
      .where("ad_account_id", "=", adAccountId)
      .execute();
    return new Map(rows.map((row) => [row.external_id, row.id]));
  };

  return {
    async upsertAdGroups(organizationId, adAccountId, groups) {
      const campaignIds = await idsBy("campaigns", adAccountId);
      const syncedAt = now();
      const rows = groups.flatMap((group) => {
        const campaignId = campaignIds.get(group.campaignExternalId);
        return campaignId
          ? [
              {
                id: randomUUID(),
                organization_id: organizationId,
                ad_account_id: adAccountId,
                campaign_id: campaignId,
                external_id: group.externalId,
                name: group.name,
                status: group.status,
                synced_at: syncedAt,
              },
            ]
          : [];
      });
      await db.transaction().execute(async (trx) => {
        for (const chunk of chunksOf(rows, ROWS_PER_INSERT))
          await trx
            .insertInto("ad_groups")
            .values(chunk)
            .onConflict((conflict) =>
              conflict.columns(["ad_account_id", "external_id"]).doUpdateSet({
                campaign_id: sql`excluded.campaign_id`,
                name: sql`excluded.name`,
                status: sql`excluded.status`,
                synced_at: sql`excluded.synced_at`,
                updated_at: syncedAt,
              }),
            )
            .execute();
      });
      return rows.length;
    },

    async upsertAds(organizationId, adAccountId, ads) {
      const [campaignIds, adGroupIds] = await Promise.all([
        idsBy("campaigns", adAccountId),
        idsBy("ad_groups", adAccountId),
      ]);
      const syncedAt = now();
      const rows = ads.flatMap((ad) => {
        const campaignId = campaignIds.get(ad.campaignExternalId);
        const adGroupId = adGroupIds.get(ad.adGroupExternalId);
        if (!campaignId || !adGroupId) return [];
        const { creative } = ad;
        return [
          {
            id: randomUUID(),
            organization_id: organizationId,
            ad_account_id: adAccountId,
            campaign_id: campaignId,
            ad_group_id: adGroupId,
            external_id: ad.externalId,
            name: ad.name,
            status: ad.status,
            creative_id: creativeIdOf(adAccountId, creative.externalId),
            creative_external_id: creative.externalId,
            kind: creative.kind,
            headline: creative.headline,
            body: creative.body,
            landing_url: creative.landingUrl,
            url_suffix: creative.urlSuffix,
            media_url: creative.mediaUrl,
            thumbnail_url: creative.thumbnailUrl,
            has_utm: hasUtmParameters(creative.landingUrl, creative.urlSuffix),
            synced_at: syncedAt,
          },
        ];
      });
      await db.transaction().execute(async (trx) => {
        for (const chunk of chunksOf(rows, ROWS_PER_INSERT))
          await trx
            .insertInto("ads")
            .values(chunk)
            .onConflict((conflict) =>
              conflict.columns(["ad_account_id", "external_id"]).doUpdateSet({
                campaign_id: sql`excluded.campaign_id`,
                ad_group_id: sql`excluded.ad_group_id`,
                name: sql`excluded.name`,
                status: sql`excluded.status`,
                creative_id: sql`excluded.creative_id`,
                creative_external_id: sql`excluded.creative_external_id`,
                kind: sql`excluded.kind`,
                headline: sql`excluded.headline`,
                body: sql`excluded.body`,
                landing_url: sql`excluded.landing_url`,
                url_suffix: sql`excluded.url_suffix`,
                media_url: sql`excluded.media_url`,
                thumbnail_url: sql`excluded.thumbnail_url`,
                has_utm: sql`excluded.has_utm`,
                synced_at: sql`excluded.synced_at`,
                updated_at: syncedAt,
              }),
            )
            .execute();
      });
      return rows.length;
    },

    async upsertAdDailyMetrics(organizationId, adAccountId, metrics) {
      if (metrics.length === 0) return 0;
      const ads = await db
        .selectFrom("ads")
        .select(["id", "external_id", "campaign_id"])
        .where("ad_account_id", "=", adAccountId)
        .execute();
      const byExternalId = new Map(ads.map((ad) => [ad.external_id, ad]));
      const rows: StoredAdDay[] = [];
      for (const metric of metrics) {
        const ad = byExternalId.get(metric.adExternalId);
        if (ad) rows.push({ ...metric, adId: ad.id, campaignId: ad.campaign_id });
      }
      if (rows.length === 0) return 0;
      const updatedAt = now();
      await db.transaction().execute(async (trx) => {
        await adDailyMetricsWriter.write(trx, rows, { organizationId, updatedAt });
      });
      return rows.length;
    },

    async adLevelSyncedAt(adAccountId) {
      const row = await db
        .selectFrom("ad_sync_states")
        .select("synced_at")
        .where("ad_account_id", "=", adAccountId)
        .executeTakeFirst();
      return row?.synced_at ? new Date(row.synced_at) : null;
    },

    async markAdLevelSynced(organizationId, adAccountId, at) {
      const values = { synced_at: at.toISOString(), failed_at: null, error: null, updated_at: now() };
      await db
        .insertInto("ad_sync_states")
        .values({ ad_account_id: adAccountId, organization_id: organizationId, ...values })
        .onConflict((conflict) => conflict.column("ad_account_id").doUpdateSet(values))
        .execute();
    },

    async recordAdLevelFailure(organizationId, adAccountId, error, at) {
      const values = { failed_at: at.toISOString(), error, updated_at: now() };
      await db
        .insertInto("ad_sync_states")
        .values({ ad_account_id: adAccountId, organization_id: organizationId, synced_at: null, ...values })
        .onConflict((conflict) => conflict.column("ad_account_id").doUpdateSet(values))
        .execute();
    },
  };
}
