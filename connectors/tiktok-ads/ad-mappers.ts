import type {
  CreativeKind,
  ExternalAd,
  ExternalAdDailyMetric,
  ExternalAdGroup,
  ExternalCampaignStatus,
} from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { TikTokAd, TikTokAdGroup, TikTokAdReportRow } from "./ad-schemas.ts";
import type { TikTokFiles } from "./ads-client.ts";

/** Deleted shows in the secondary status (…_STATUS_DELETE) as much as in operation_status. */
function readStatus(item: { operation_status: string; secondary_status?: string }): ExternalCampaignStatus {
  if (item.operation_status === "DELETE" || item.secondary_status?.endsWith("_STATUS_DELETE")) return "removed";
  return item.operation_status === "ENABLE" ? "enabled" : "paused";
}

export function mapTikTokAdGroup(group: TikTokAdGroup): ExternalAdGroup {
  return {
    externalId: group.adgroup_id,
    campaignExternalId: group.campaign_id,
    name: group.adgroup_name,
    status: readStatus(group),
  };
}

function kindOf(ad: TikTokAd): CreativeKind {
  if (ad.ad_format === "SINGLE_VIDEO" || (ad.video_id && ad.ad_format !== "CAROUSEL_ADS")) return "video";
  if (ad.ad_format === "CAROUSEL_ADS") return "carousel";
  return (ad.image_ids?.length ?? 0) > 0 ? "image" : "text";
}

/**
 * An ad with its creative. TikTok has no creative object of its own (the ad id stands for it),
 * no headline (ad_text is the one line of copy) and no URL suffix: UTM parameters live in
 * landing_page_url. A video's file is its cover frame unless TikTok gives a preview URL.
 */
export function mapTikTokAd(ad: TikTokAd, files: TikTokFiles): ExternalAd {
  const video = ad.video_id ? files.videos.get(ad.video_id) : undefined;
  const image = ad.image_ids?.[0] ? files.images.get(ad.image_ids[0]) : undefined;
  const mediaUrl = video ? (video.preview ?? video.cover) : (image ?? null);
  return {
    externalId: ad.ad_id,
    adGroupExternalId: ad.adgroup_id,
    campaignExternalId: ad.campaign_id,
    name: ad.ad_name,
    status: readStatus(ad),
    creative: {
      externalId: ad.ad_id,
      kind: kindOf(ad),
      headline: null,
      body: ad.ad_text || null,
      landingUrl: ad.landing_page_url || null,
      urlSuffix: null,
      mediaUrl,
      thumbnailUrl: video ? video.cover : (image ?? null),
    },
  };
}

export function mapTikTokAdReportRow(row: TikTokAdReportRow, currency: string): ExternalAdDailyMetric {
  return {
    adExternalId: row.dimensions.ad_id,
    campaignExternalId: row.metrics.campaign_id,
    date: row.dimensions.stat_time_day.slice(0, 10),
    impressions: Number(row.metrics.impressions),
    reach: Number(row.metrics.reach),
    clicks: Number(row.metrics.clicks),
    spendMinor: decimalToMinor(row.metrics.spend, currency),
    conversions: Number(row.metrics.complete_payment),
    conversionValueMinor: decimalToMinor(row.metrics.total_complete_payment_rate, currency),
    videoViews: Number(row.metrics.video_watched_2s),
    currency,
  };
}
