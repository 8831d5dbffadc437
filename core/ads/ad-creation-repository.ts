import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { isVisibleAccount } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";
import type { ExternalAd, ExternalAdAccount } from "#core/shared/connector-port.ts";
import { type AdPlatformId, isAdPlatform } from "#core/shared/platforms.ts";
import { hasUtmParameters } from "./ad-utm.ts";
import { creativeIdOf } from "./creative-id.ts";

/** PostgreSQL gives a Date; SQLite a UTC "YYYY-MM-DD HH:MM:SS" (or an ISO string). */
const isoOf = (value: Date | string | null): string | null => {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`).toISOString();
};

/** Where a new ad goes: a visible campaign with its ad account and the connection it is reached through. */
export interface AdCreationTarget {
  campaignId: string;
  campaignExternalId: string;
  campaignName: string;
  platform: AdPlatformId;
  adAccountId: string;
  account: ExternalAdAccount;
  connectionId: string;
}

/** Reads and writes of creating ads: the target, its ad group, and the new ad stored like the sync stores it. */
export function createAdCreationRepository(db: Kysely<Database>) {
  return {
    async findTarget(organizationId: string, campaignId: string): Promise<AdCreationTarget | null> {
      const row = await db
        .selectFrom("campaigns as c")
        .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .where("c.organization_id", "=", organizationId)
        .where("c.id", "=", campaignId)
        .where(isVisibleAccount)
        .select([
          "c.id",
          "c.external_id",
          "c.name",
          "a.id as ad_account_id",
          "a.external_id as account_external_id",
          "a.name as account_name",
          "a.currency",
          "a.time_zone",
          "a.platform_context",
          "a.connection_id",
          "n.platform",
        ])
        .executeTakeFirst();
      if (!row || !isAdPlatform(row.platform)) return null;
      return {
        campaignId: row.id,
        campaignExternalId: row.external_id,
        campaignName: row.name,
        platform: row.platform,
        adAccountId: row.ad_account_id,
        account: {
          externalId: row.account_external_id,
          name: row.account_name,
          currency: row.currency,
          timeZone: row.time_zone,
          context: row.platform_context ? (JSON.parse(row.platform_context) as Record<string, string>) : {},
        },
        connectionId: row.connection_id,
      };
    },

    /** The ad level's last sync of the campaign's ad account: when it completed, when and why it last failed. */
    async adSyncStateOfCampaign(
      organizationId: string,
      campaignId: string,
    ): Promise<{ syncedAt: string | null; failedAt: string | null; error: string | null } | null> {
      const row = await db
        .selectFrom("campaigns as c")
        .innerJoin("ad_sync_states as s", "s.ad_account_id", "c.ad_account_id")
        .where("c.organization_id", "=", organizationId)
        .where("c.id", "=", campaignId)
        .select(["s.synced_at", "s.failed_at", "s.error"])
        .executeTakeFirst();
      if (!row) return null;
      return { syncedAt: isoOf(row.synced_at), failedAt: isoOf(row.failed_at), error: row.error };
    },

    /** An ad group of the campaign (ours by id), or null. */
    async findAdGroup(
      organizationId: string,
      campaignId: string,
      adGroupId: string,
    ): Promise<{ id: string; externalId: string; name: string } | null> {
      const row = await db
        .selectFrom("ad_groups")
        .select(["id", "external_id", "name"])
        .where("organization_id", "=", organizationId)
        .where("campaign_id", "=", campaignId)
        .where("id", "=", adGroupId)
        .executeTakeFirst();
      return row ? { id: row.id, externalId: row.external_id, name: row.name } : null;
    },

    /**
     * Stores an ad just created on the platform, keyed like the sync (ad account + external id), so
     * the next sync updates this row rather than adding another. Returns our id.
     */
    async saveCreatedAd(
      target: { organizationId: string; adAccountId: string; campaignId: string; adGroupId: string },
      ad: ExternalAd,
    ): Promise<string> {
      const { creative } = ad;
      const values = {
        name: ad.name,
        status: ad.status,
        creative_id: creativeIdOf(target.adAccountId, creative.externalId),
        creative_external_id: creative.externalId,
        kind: creative.kind,
        headline: creative.headline,
        body: creative.body,
        landing_url: creative.landingUrl,
        url_suffix: creative.urlSuffix,
        media_url: creative.mediaUrl,
        thumbnail_url: creative.thumbnailUrl,
        has_utm: hasUtmParameters(creative.landingUrl, creative.urlSuffix),
      };
      await db
        .insertInto("ads")
        .values({
          id: randomUUID(),
          organization_id: target.organizationId,
          ad_account_id: target.adAccountId,
          campaign_id: target.campaignId,
          ad_group_id: target.adGroupId,
          external_id: ad.externalId,
          ...values,
        })
        .onConflict((conflict) =>
          conflict
            .columns(["ad_account_id", "external_id"])
            .doUpdateSet({ ...values, updated_at: sql`CURRENT_TIMESTAMP` }),
        )
        .execute();
      const row = await db
        .selectFrom("ads")
        .select("id")
        .where("ad_account_id", "=", target.adAccountId)
        .where("external_id", "=", ad.externalId)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type AdCreationRepository = ReturnType<typeof createAdCreationRepository>;
