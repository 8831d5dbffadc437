/**
 * Ad-level rows written straight to the tables for tests that need ads without a sync (the
 * permission matrix, the repository and API tests): an ad group under a stored campaign, its ads
 * with their creative, and their days. The sync's own tests go through the sandbox instead.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { CreativeKind } from "#core/shared/connector-port.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import { hasUtmParameters } from "./ad-utm.ts";
import { creativeIdOf } from "./creative-id.ts";

export interface SeededAdDay {
  impressions: number;
  clicks: number;
  spendMinor: number;
  conversions?: number;
  revenueMinor?: number;
  reach?: number | null;
  videoViews?: number | null;
}

export interface SeededAd {
  name?: string;
  status?: CampaignStatus;
  kind?: CreativeKind;
  /** Ads with the same creative key share one creative. */
  creativeKey?: string;
  headline?: string;
  landingUrl?: string | null;
  urlSuffix?: string | null;
  days?: Record<string, SeededAdDay>;
}

/** One ad group under the campaign with `ads`; returns their ids and the creatives' ids in order. */
export async function seedAds(
  db: Kysely<Database>,
  seed: { campaignId: string; adGroupName?: string; ads: SeededAd[] },
): Promise<{ adGroupId: string; adIds: string[]; creativeIds: string[] }> {
  const campaign = await db
    .selectFrom("campaigns")
    .select(["organization_id", "ad_account_id", "currency"])
    .where("id", "=", seed.campaignId)
    .executeTakeFirstOrThrow();
  const adGroupId = randomUUID();
  await db
    .insertInto("ad_groups")
    .values({
      id: adGroupId,
      organization_id: campaign.organization_id,
      ad_account_id: campaign.ad_account_id,
      campaign_id: seed.campaignId,
      external_id: randomUUID().slice(0, 12),
      name: seed.adGroupName ?? "Ad group",
      status: "enabled",
    })
    .execute();
  const adIds: string[] = [];
  const creativeIds: string[] = [];
  for (const [index, ad] of seed.ads.entries()) {
    const id = randomUUID();
    const creativeExternalId = ad.creativeKey ?? `creative-${randomUUID().slice(0, 8)}`;
    const creativeId = creativeIdOf(campaign.ad_account_id, creativeExternalId);
    const landingUrl = ad.landingUrl === undefined ? "https://shop.example/spring" : ad.landingUrl;
    const urlSuffix = ad.urlSuffix ?? null;
    await db
      .insertInto("ads")
      .values({
        id,
        organization_id: campaign.organization_id,
        ad_account_id: campaign.ad_account_id,
        campaign_id: seed.campaignId,
        ad_group_id: adGroupId,
        external_id: randomUUID().slice(0, 12),
        name: ad.name ?? `Ad ${index + 1}`,
        status: ad.status ?? "enabled",
        creative_id: creativeId,
        creative_external_id: creativeExternalId,
        kind: ad.kind ?? "image",
        headline: ad.headline ?? `Headline ${index + 1}`,
        body: "Spring collection, 20% off.",
        landing_url: landingUrl,
        url_suffix: urlSuffix,
        media_url: "https://cdn.example/creative.jpg",
        thumbnail_url: "https://cdn.example/creative-thumb.jpg",
        has_utm: hasUtmParameters(landingUrl, urlSuffix),
      })
      .execute();
    const days = Object.entries(ad.days ?? {});
    if (days.length > 0)
      await db
        .insertInto("ad_daily_metrics")
        .values(
          days.map(([date, day]) => ({
            ad_id: id,
            organization_id: campaign.organization_id,
            campaign_id: seed.campaignId,
            date,
            impressions: day.impressions,
            reach: day.reach ?? null,
            clicks: day.clicks,
            spend_minor: day.spendMinor,
            conversions: day.conversions ?? 0,
            conversion_value_minor: day.revenueMinor ?? 0,
            video_views: day.videoViews ?? null,
            currency: campaign.currency,
          })),
        )
        .execute();
    adIds.push(id);
    creativeIds.push(creativeId);
  }
  return { adGroupId, adIds, creativeIds };
}
