/**
 * The ads slice's reads (the only SQL of core/ads): a campaign's ad groups and ads with their sums
 * over a range, an ad's days, and the organization's creatives with their use, sums and daily
 * series. Everything is scoped to the organization and to its visible ad accounts (managed, not
 * disconnected: core/campaigns/visible-campaigns.ts), like the campaigns it belongs to.
 */
import { type Kysely, sql } from "kysely";
import { isVisibleAccount } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import type { CreativeKind, DateRange } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { Creative } from "./ads-types.ts";

/** Sums of ad-day rows; reach and video views stay null when no row had them. */
export interface AdSums {
  impressions: number;
  clicks: number;
  spendMinor: number;
  conversions: number;
  revenueMinor: number;
  reach: number | null;
  videoViews: number | null;
}

export interface StoredAd {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  adGroupId: string;
  adGroupExternalId: string;
  adGroupName: string;
  adGroupStatus: CampaignStatus;
  campaignId: string;
  campaignName: string;
  adAccountId: string;
  platform: AdPlatformId;
  currency: string;
  creative: Creative;
}

export interface CreativeFilters {
  platforms?: AdPlatformId[];
  kinds?: CreativeKind[];
  /** Part of the headline, body or an ad's name, case-insensitive. */
  search?: string;
}

export interface CreativePosition {
  spendMinor: number;
  id: string;
}

export interface CreativeDay {
  creativeId: string;
  date: string;
  impressions: number;
  clicks: number;
  reach: number | null;
  spendMinor: number;
}

export interface AdsRepository {
  /** The visible campaign's platform and currency, or null when the organization has no such campaign. */
  findCampaign(
    organizationId: string,
    campaignId: string,
  ): Promise<{ platform: AdPlatformId; currency: string } | null>;
  listAdsOfCampaign(organizationId: string, campaignId: string): Promise<StoredAd[]>;
  /** Sums per ad of one campaign over the range. */
  sumsByAdOfCampaign(organizationId: string, campaignId: string, range: DateRange): Promise<Map<string, AdSums>>;
  findAd(organizationId: string, adId: string): Promise<StoredAd | null>;
  /** The ad's stored days in the range, in date order. */
  adDays(organizationId: string, adId: string, range: DateRange): Promise<Array<AdSums & { date: string }>>;
  /** A page of creative ids by spend in the range (most first, then id), with their sums. */
  pageOfCreatives(
    organizationId: string,
    range: DateRange,
    filters: CreativeFilters,
    page: { limit: number; after: CreativePosition | null },
  ): Promise<Array<{ id: string; sums: AdSums }>>;
  /** Every visible ad showing one of the creatives. */
  adsOfCreatives(organizationId: string, creativeIds: string[]): Promise<StoredAd[]>;
  /** Daily sums per creative up to `to` (their whole history, for fatigue). */
  creativeDays(organizationId: string, creativeIds: string[], to: string): Promise<CreativeDay[]>;
}

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The sums of the ad-day rows joined as `m`, named as AdSums' fields. */
const sumColumns = () => [
  sql<number>`coalesce(sum(m.impressions), 0)`.as("impressions"),
  sql<number>`coalesce(sum(m.clicks), 0)`.as("clicks"),
  sql<number>`coalesce(sum(m.spend_minor), 0)`.as("spendMinor"),
  sql<number>`coalesce(sum(m.conversions), 0)`.as("conversions"),
  sql<number>`coalesce(sum(m.conversion_value_minor), 0)`.as("revenueMinor"),
  sql<number | null>`sum(m.reach)`.as("reach"),
  sql<number | null>`sum(m.video_views)`.as("videoViews"),
];

function toSums(row: Record<string, unknown>): AdSums {
  return {
    impressions: num(row.impressions),
    clicks: num(row.clicks),
    spendMinor: num(row.spendMinor),
    conversions: num(row.conversions),
    revenueMinor: num(row.revenueMinor),
    reach: numOrNull(row.reach),
    videoViews: numOrNull(row.videoViews),
  };
}

export function createAdsRepository(db: Kysely<Database>): AdsRepository {
  /** The organization's visible ads, as `ad`, with their ad group `g`, campaign `c`, account `a` and connection `n`. */
  const visibleAds = (organizationId: string) =>
    db
      .selectFrom("ads as ad")
      .innerJoin("ad_groups as g", "g.id", "ad.ad_group_id")
      .innerJoin("campaigns as c", "c.id", "ad.campaign_id")
      .innerJoin("ad_accounts as a", "a.id", "ad.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .where("ad.organization_id", "=", organizationId)
      .where(isVisibleAccount);

  const adColumns = [
    "ad.id",
    "ad.external_id",
    "ad.name",
    "ad.status",
    "ad.ad_group_id",
    "g.external_id as group_external_id",
    "g.name as group_name",
    "g.status as group_status",
    "ad.campaign_id",
    "c.name as campaign_name",
    "ad.ad_account_id",
    "n.platform",
    "c.currency",
    "ad.creative_id",
    "ad.creative_external_id",
    "ad.kind",
    "ad.headline",
    "ad.body",
    "ad.landing_url",
    "ad.url_suffix",
    "ad.media_url",
    "ad.thumbnail_url",
    "ad.has_utm",
  ] as const;

  interface AdRow {
    id: string;
    external_id: string;
    name: string;
    status: CampaignStatus;
    ad_group_id: string;
    group_external_id: string;
    group_name: string;
    group_status: CampaignStatus;
    campaign_id: string;
    campaign_name: string;
    ad_account_id: string;
    platform: string;
    currency: string;
    creative_id: string;
    creative_external_id: string;
    kind: string;
    headline: string | null;
    body: string | null;
    landing_url: string | null;
    url_suffix: string | null;
    media_url: string | null;
    thumbnail_url: string | null;
    has_utm: boolean | number;
  }
  const toAd = (row: AdRow): StoredAd => ({
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    status: row.status,
    adGroupId: row.ad_group_id,
    adGroupExternalId: row.group_external_id,
    adGroupName: row.group_name,
    adGroupStatus: row.group_status,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    adAccountId: row.ad_account_id,
    platform: row.platform as AdPlatformId,
    currency: row.currency,
    creative: {
      id: row.creative_id,
      externalId: row.creative_external_id,
      kind: row.kind as CreativeKind,
      headline: row.headline,
      body: row.body,
      landingUrl: row.landing_url,
      urlSuffix: row.url_suffix,
      mediaUrl: row.media_url,
      thumbnailUrl: row.thumbnail_url,
      hasUtm: Boolean(row.has_utm),
    },
  });

  /** Creatives matching the filters, as a subquery of creative ids. */
  const filtered = (organizationId: string, filters: CreativeFilters) => {
    let query = visibleAds(organizationId);
    if (filters.platforms?.length) query = query.where("n.platform", "in", filters.platforms);
    if (filters.kinds?.length) query = query.where("ad.kind", "in", filters.kinds);
    if (filters.search) {
      const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(coalesce(ad.headline, ''))`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(ad.body, ''))`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(ad.name)`, "like", sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query;
  };

  return {
    async findCampaign(organizationId, campaignId) {
      const row = await db
        .selectFrom("campaigns as c")
        .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .where("c.organization_id", "=", organizationId)
        .where("c.id", "=", campaignId)
        .where(isVisibleAccount)
        .select(["n.platform", "c.currency"])
        .executeTakeFirst();
      return row ? { platform: row.platform as AdPlatformId, currency: row.currency } : null;
    },

    async listAdsOfCampaign(organizationId, campaignId) {
      const rows = await visibleAds(organizationId)
        .where("ad.campaign_id", "=", campaignId)
        .select(adColumns)
        .orderBy("g.name")
        .orderBy("g.id")
        .orderBy("ad.name")
        .orderBy("ad.id")
        .execute();
      return rows.map(toAd);
    },

    async sumsByAdOfCampaign(organizationId, campaignId, range) {
      // Through the campaign's ads, then each ad's days by the primary key (ad, date).
      const rows = await db
        .selectFrom("ads as ad")
        .innerJoin("ad_daily_metrics as m", "m.ad_id", "ad.id")
        .where("ad.organization_id", "=", organizationId)
        .where("ad.campaign_id", "=", campaignId)
        .where("m.date", ">=", range.from)
        .where("m.date", "<=", range.to)
        .groupBy("m.ad_id")
        .select(["m.ad_id", ...sumColumns()])
        .execute();
      return new Map(rows.map((row) => [row.ad_id, toSums(row as Record<string, unknown>)]));
    },

    async findAd(organizationId, adId) {
      const row = await visibleAds(organizationId).where("ad.id", "=", adId).select(adColumns).executeTakeFirst();
      return row ? toAd(row) : null;
    },

    async adDays(organizationId, adId, range) {
      const rows = await db
        .selectFrom("ad_daily_metrics as m")
        .where("m.organization_id", "=", organizationId)
        .where("m.ad_id", "=", adId)
        .where("m.date", ">=", range.from)
        .where("m.date", "<=", range.to)
        .orderBy("m.date")
        .select([
          "m.date",
          "m.impressions",
          "m.clicks",
          "m.spend_minor",
          "m.conversions",
          "m.conversion_value_minor",
          "m.reach",
          "m.video_views",
        ])
        .execute();
      return rows.map((row) => ({
        date: row.date,
        impressions: num(row.impressions),
        clicks: num(row.clicks),
        spendMinor: num(row.spend_minor),
        conversions: num(row.conversions),
        revenueMinor: num(row.conversion_value_minor),
        reach: numOrNull(row.reach),
        videoViews: numOrNull(row.video_views),
      }));
    },

    async pageOfCreatives(organizationId, range, filters, page) {
      const spend = sql<number>`coalesce(sum(m.spend_minor), 0)`;
      let query = filtered(organizationId, filters)
        .leftJoin("ad_daily_metrics as m", (join) =>
          join.onRef("m.ad_id", "=", "ad.id").on("m.date", ">=", range.from).on("m.date", "<=", range.to),
        )
        .groupBy("ad.creative_id")
        .select(["ad.creative_id", ...sumColumns()]);
      if (page.after) {
        const after = page.after;
        query = query.having((eb) =>
          eb.or([
            eb(spend, "<", after.spendMinor),
            eb.and([eb(spend, "=", after.spendMinor), eb("ad.creative_id", ">", after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy(spend, "desc").orderBy("ad.creative_id").limit(page.limit).execute();
      return rows.map((row) => ({ id: row.creative_id, sums: toSums(row as Record<string, unknown>) }));
    },

    async adsOfCreatives(organizationId, creativeIds) {
      if (creativeIds.length === 0) return [];
      const rows = await visibleAds(organizationId)
        .where("ad.creative_id", "in", creativeIds)
        .select(adColumns)
        .orderBy("c.name")
        .orderBy("g.name")
        .orderBy("ad.name")
        .orderBy("ad.id")
        .execute();
      return rows.map(toAd);
    },

    async creativeDays(organizationId, creativeIds, to) {
      if (creativeIds.length === 0) return [];
      const rows = await visibleAds(organizationId)
        .innerJoin("ad_daily_metrics as m", "m.ad_id", "ad.id")
        .where("ad.creative_id", "in", creativeIds)
        .where("m.date", "<=", to)
        .groupBy(["ad.creative_id", "m.date"])
        .select([
          "ad.creative_id",
          "m.date",
          sql<number>`coalesce(sum(m.impressions), 0)`.as("impressions"),
          sql<number>`coalesce(sum(m.clicks), 0)`.as("clicks"),
          sql<number>`coalesce(sum(m.spend_minor), 0)`.as("spendMinor"),
          sql<number | null>`sum(m.reach)`.as("reach"),
        ])
        .execute();
      return rows.map((row) => ({
        creativeId: row.creative_id,
        date: row.date,
        impressions: num(row.impressions),
        clicks: num(row.clicks),
        spendMinor: num(row.spendMinor),
        reach: numOrNull(row.reach),
      }));
    },
  };
}
