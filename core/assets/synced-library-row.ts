/** A creative synced from the ad platforms as a row of the library (core/assets/library-types.ts). */
import { toAdKpis } from "#core/ads/ad-kpis.ts";
import type { AdSums, StoredAd } from "#core/ads/ads-repository.ts";
import type { FatigueVerdict } from "#core/ads/creative-fatigue.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { LibraryCreative, LibraryMetrics } from "./library-types.ts";

/**
 * Where the browser fetches a synced creative's image: our own route, which checks the
 * organization and proxies the platform's URL (server/routes/creative-media.ts).
 */
export const creativeMediaUrl = (creativeId: string, variant: "thumbnail" | "media") =>
  `/creative-media/${encodeURIComponent(creativeId)}/${variant}`;

/** enabled when one of its ads is, else paused when one is, else removed. */
export function creativeStatusOf(statuses: CampaignStatus[]): CampaignStatus {
  if (statuses.includes("enabled")) return "enabled";
  return statuses.includes("paused") ? "paused" : "removed";
}

export function libraryMetricsOf(sums: AdSums, kind: StoredAd["creative"]["kind"], currency: string): LibraryMetrics {
  const kpis = toAdKpis(sums, kind);
  return {
    spendMinor: kpis.spendMinor,
    currency,
    impressions: kpis.impressions,
    clicks: kpis.clicks,
    conversions: kpis.conversions,
    revenueMinor: kpis.revenueMinor,
    ctr: kpis.ctr,
    cpcMinor: kpis.cpcMinor,
    cpaMinor: kpis.cpaMinor,
    roas: kpis.roas,
    hookRate: kpis.hookRate,
  };
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The name a creative goes by: its headline, else the first ad's name. */
export const creativeNameOf = (first: StoredAd) => first.creative.headline?.trim() || first.name;

/** `ads`: every visible ad showing the creative (at least one). */
export function libraryRowOfSynced(
  ads: StoredAd[],
  sums: AdSums,
  fatigue: FatigueVerdict | null,
): LibraryCreative | null {
  const first = ads[0];
  if (!first) return null;
  const { creative } = first;
  return {
    id: creative.id,
    source: "platform",
    platforms: [...new Set(ads.map((ad) => ad.platform))] as AdPlatformId[],
    kind: creative.kind,
    name: creativeNameOf(first),
    thumbnailUrl: creative.thumbnailUrl || creative.mediaUrl ? creativeMediaUrl(creative.id, "thumbnail") : null,
    fileUrl: creative.mediaUrl ? creativeMediaUrl(creative.id, "media") : null,
    status: creativeStatusOf(ads.map((ad) => ad.status)),
    tags: [],
    usage: ads.map((ad) => ({
      campaign: ad.campaignName,
      adGroup: ad.adGroupName,
      ad: ad.name,
      campaignId: ad.campaignId,
      adId: ad.id,
      status: ad.status,
    })),
    metrics: libraryMetricsOf(sums, creative.kind, first.currency),
    upload: null,
    fatigue,
    copy: { headline: creative.headline, body: creative.body, host: hostOf(creative.landingUrl) },
  };
}
