/**
 * The UTM health check's SQL (the only SQL of core/utm-health): the organization's counted ads with
 * their spend over a range, the ads a fix works on with their ad account, and a fixed ad's suffix.
 * Scoped to the organization and its visible ad accounts (core/campaigns/visible-campaigns.ts), like
 * the ads slice it reads.
 */
import { type Kysely, sql } from "kysely";
import { isVisibleAccount } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import type { DateRange, ExternalAdAccount } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

export interface CountedAd {
  id: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  adGroupName: string;
  campaignId: string;
  campaignExternalId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  landingUrl: string | null;
  urlSuffix: string | null;
  spendMinor: number;
}

export interface AdForFix {
  id: string;
  externalId: string;
  name: string;
  campaignExternalId: string;
  platform: AdPlatformId;
  connectionId: string;
  account: ExternalAdAccount;
  landingUrl: string | null;
  urlSuffix: string | null;
}

export interface UtmHealthRepository {
  /** Enabled ads of enabled ad groups and campaigns, plus every ad that spent in the range. */
  listCountedAds(organizationId: string, range: DateRange): Promise<CountedAd[]>;
  /** The organization's visible ads among `adIds` (others are left out). */
  listAdsForFix(organizationId: string, adIds: string[]): Promise<AdForFix[]>;
  /** Mirrors a suffix the platform accepted, so the check shows it before the next sync. */
  saveSuffix(organizationId: string, adId: string, urlSuffix: string, hasUtm: boolean): Promise<void>;
}

export function createUtmHealthRepository(db: Kysely<Database>): UtmHealthRepository {
  const visibleAds = (organizationId: string) =>
    db
      .selectFrom("ads as ad")
      .innerJoin("ad_groups as g", "g.id", "ad.ad_group_id")
      .innerJoin("campaigns as c", "c.id", "ad.campaign_id")
      .innerJoin("ad_accounts as a", "a.id", "ad.ad_account_id")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .where("ad.organization_id", "=", organizationId)
      .where(isVisibleAccount);

  return {
    async listCountedAds(organizationId, range) {
      const spend = db
        .selectFrom("ad_daily_metrics")
        .where("organization_id", "=", organizationId)
        .where("date", ">=", range.from)
        .where("date", "<=", range.to)
        .groupBy("ad_id")
        .select(["ad_id", sql<number>`sum(spend_minor)`.as("spend_minor")]);
      const rows = await visibleAds(organizationId)
        .leftJoin(spend.as("s"), "s.ad_id", "ad.id")
        .where((eb) =>
          eb.or([
            eb.and([eb("ad.status", "=", "enabled"), eb("g.status", "=", "enabled"), eb("c.status", "=", "enabled")]),
            eb("s.spend_minor", ">", 0),
          ]),
        )
        .select([
          "ad.id",
          "ad.external_id",
          "ad.name",
          "ad.status",
          "g.name as group_name",
          "ad.campaign_id",
          "c.external_id as campaign_external_id",
          "c.name as campaign_name",
          "n.platform",
          "c.currency",
          "ad.landing_url",
          "ad.url_suffix",
          "s.spend_minor",
        ])
        .orderBy("ad.id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        externalId: row.external_id,
        name: row.name,
        status: row.status,
        adGroupName: row.group_name,
        campaignId: row.campaign_id,
        campaignExternalId: row.campaign_external_id,
        campaignName: row.campaign_name,
        platform: row.platform as AdPlatformId,
        currency: row.currency,
        landingUrl: row.landing_url,
        urlSuffix: row.url_suffix,
        spendMinor: Number(row.spend_minor ?? 0),
      }));
    },

    async listAdsForFix(organizationId, adIds) {
      if (adIds.length === 0) return [];
      const rows = await visibleAds(organizationId)
        .where("ad.id", "in", adIds)
        .select([
          "ad.id",
          "ad.external_id",
          "ad.name",
          "c.external_id as campaign_external_id",
          "n.platform",
          "a.connection_id",
          "a.external_id as account_external_id",
          "a.name as account_name",
          "a.currency as account_currency",
          "a.time_zone as account_time_zone",
          "a.platform_context",
          "ad.landing_url",
          "ad.url_suffix",
        ])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        externalId: row.external_id,
        name: row.name,
        campaignExternalId: row.campaign_external_id,
        platform: row.platform as AdPlatformId,
        connectionId: row.connection_id,
        account: {
          externalId: row.account_external_id,
          name: row.account_name,
          currency: row.account_currency,
          timeZone: row.account_time_zone,
          context: row.platform_context ? (JSON.parse(row.platform_context) as Record<string, string>) : {},
        },
        landingUrl: row.landing_url,
        urlSuffix: row.url_suffix,
      }));
    },

    async saveSuffix(organizationId, adId, urlSuffix, hasUtm) {
      await db
        .updateTable("ads")
        .set({ url_suffix: urlSuffix, has_utm: hasUtm, updated_at: new Date().toISOString() })
        .where("organization_id", "=", organizationId)
        .where("id", "=", adId)
        .execute();
    },
  };
}
