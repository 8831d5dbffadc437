import type {
  CreativeKind,
  ExternalAd,
  ExternalAdDailyMetric,
  ExternalAdGroup,
  ExternalCampaignStatus,
  ExternalCreative,
} from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { GraphAd, GraphAdInsightRow, GraphAdSet, GraphCreative } from "./ad-schemas.ts";
import { CANONICAL_PURCHASE_ACTION } from "./mappers.ts";

/** Meta's 3-second video plays, the action type its "video views" are counted under. */
const VIDEO_VIEW_ACTION = "video_view";

const STATUS_BY_GRAPH_STATUS: Record<GraphAdSet["status"], ExternalCampaignStatus> = {
  ACTIVE: "enabled",
  PAUSED: "paused",
  ARCHIVED: "removed",
  DELETED: "removed",
};

export function mapFacebookAdSet(adSet: GraphAdSet): ExternalAdGroup {
  return {
    externalId: adSet.id,
    campaignExternalId: adSet.campaign_id,
    name: adSet.name,
    status: STATUS_BY_GRAPH_STATUS[adSet.status],
  };
}

export function mapFacebookAd(ad: GraphAd): ExternalAd {
  return {
    externalId: ad.id,
    adGroupExternalId: ad.adset_id,
    campaignExternalId: ad.campaign_id,
    name: ad.name,
    // The ad's own setting; a paused ad set or campaign shows in effective_status only.
    status: STATUS_BY_GRAPH_STATUS[ad.status],
    creative: mapFacebookCreative(ad.creative),
  };
}

/**
 * A creative's kind from what Meta tells: a video id (or object_type VIDEO), carousel cards in
 * the page post, an image, or nothing to show but text.
 */
export function creativeKindOf(creative: GraphCreative): CreativeKind {
  const link = creative.object_story_spec?.link_data;
  if (creative.video_id || creative.object_type === "VIDEO" || creative.object_story_spec?.video_data) return "video";
  if ((link?.child_attachments?.length ?? 0) > 1) return "carousel";
  if (creative.image_url || link?.picture) return "image";
  return "text";
}

export function mapFacebookCreative(creative: GraphCreative): ExternalCreative {
  const spec = creative.object_story_spec;
  const link = spec?.link_data;
  const video = spec?.video_data;
  const landingUrl =
    creative.link_url ?? link?.link ?? video?.call_to_action?.value?.link ?? link?.call_to_action?.value?.link ?? null;
  const mediaUrl = creative.image_url ?? link?.picture ?? video?.image_url ?? creative.thumbnail_url ?? null;
  return {
    externalId: creative.id,
    kind: creativeKindOf(creative),
    headline: creative.title ?? link?.name ?? video?.title ?? null,
    body: creative.body ?? link?.message ?? video?.message ?? null,
    landingUrl,
    urlSuffix: creative.url_tags?.trim() ? creative.url_tags.trim() : null,
    mediaUrl,
    thumbnailUrl: creative.thumbnail_url ?? mediaUrl,
  };
}

/** One ad's day (level=ad): link clicks, purchases counted once (omni_purchase), reach and 3-second plays. */
export function mapFacebookAdInsightRow(row: GraphAdInsightRow, currency: string): ExternalAdDailyMetric {
  const purchases = row.actions?.find((action) => action.action_type === CANONICAL_PURCHASE_ACTION);
  const purchaseValue = row.action_values?.find((action) => action.action_type === CANONICAL_PURCHASE_ACTION);
  const videoViews =
    row.video_play_actions?.find((action) => action.action_type === VIDEO_VIEW_ACTION) ??
    row.actions?.find((action) => action.action_type === VIDEO_VIEW_ACTION);
  return {
    adExternalId: row.ad_id,
    campaignExternalId: row.campaign_id,
    date: row.date_start,
    impressions: Number(row.impressions ?? 0),
    reach: row.reach === undefined ? null : Number(row.reach),
    clicks: Number(row.inline_link_clicks ?? 0),
    spendMinor: decimalToMinor(row.spend ?? "0", currency),
    conversions: Number(purchases?.value ?? 0),
    conversionValueMinor: decimalToMinor(purchaseValue?.value ?? "0", currency),
    videoViews: videoViews ? Number(videoViews.value) : null,
    currency,
  };
}
