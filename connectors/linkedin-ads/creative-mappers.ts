import type {
  CreativeKind,
  ExternalAd,
  ExternalAdAccount,
  ExternalAdDailyMetric,
  ExternalAdGroup,
  ExternalCampaignStatus,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { LinkedInCreative, LinkedInCreativeAnalyticsElement } from "./creative-schemas.ts";
import type { LinkedInCreativeFiles } from "./creatives-client.ts";
import { mapLinkedInCampaignStatus, readCampaignIdFromUrn } from "./mappers.ts";
import type { LinkedInCampaign } from "./schemas.ts";

const CREATIVE_URN_PREFIX = "urn:li:sponsoredCreative:";

/** LinkedIn has no level between campaign and creative: each campaign is its own ad group. */
export function mapLinkedInCampaignAsAdGroup(campaign: LinkedInCampaign): ExternalAdGroup {
  return {
    externalId: campaign.id,
    campaignExternalId: campaign.id,
    name: campaign.name,
    status: mapLinkedInCampaignStatus(campaign.status),
  };
}

export function readCreativeIdFromUrn(urn: string): string {
  if (!urn.startsWith(CREATIVE_URN_PREFIX))
    throw new PlatformError("linkedin-ads", "rejected", `LinkedIn answered an unexpected creative URN: ${urn}.`);
  return urn.slice(CREATIVE_URN_PREFIX.length);
}

/** ACTIVE runs; PAUSED and DRAFT can run again; the rest is over. */
function mapIntendedStatus(status: string): ExternalCampaignStatus {
  if (status === "ACTIVE") return "enabled";
  if (status === "PAUSED" || status === "DRAFT") return "paused";
  return "removed";
}

/**
 * A creative as an ad (LinkedIn's creative is the ad). Text ads carry their copy; sponsored
 * content shows its post: commentary, media title as headline, landing page, and the image
 * (or, for a video, its thumbnail frame unless a download URL is given).
 */
export function mapLinkedInCreative(creative: LinkedInCreative, files: LinkedInCreativeFiles): ExternalAd {
  const id = readCreativeIdFromUrn(creative.id);
  const campaignId = readCampaignIdFromUrn(creative.campaign);
  const textAd = creative.content?.textAd;
  const post = creative.content?.reference ? files.posts.get(creative.content.reference) : undefined;
  const content = post?.content;
  const mediaId =
    content?.media?.id ??
    content?.carousel?.cards[0]?.media.id ??
    content?.multiImage?.images[0]?.id ??
    content?.article?.thumbnail ??
    null;
  const media = mediaId ? files.media.get(mediaId) : undefined;
  let kind: CreativeKind = "text";
  if (content?.carousel || content?.multiImage) kind = "carousel";
  else if (mediaId?.startsWith("urn:li:video:")) kind = "video";
  else if (mediaId) kind = "image";
  const mediaUrl = media?.downloadUrl ?? media?.thumbnail ?? null;
  return {
    externalId: id,
    adGroupExternalId: campaignId,
    campaignExternalId: campaignId,
    name: creative.name ?? textAd?.headline ?? content?.media?.title ?? `Creative ${id}`,
    status: mapIntendedStatus(creative.intendedStatus),
    creative: {
      externalId: id,
      kind,
      headline: textAd?.headline ?? content?.media?.title ?? content?.article?.title ?? null,
      body: textAd?.text ?? post?.commentary ?? null,
      landingUrl: textAd?.landingPage ?? post?.contentLandingPage ?? content?.article?.source ?? null,
      // The API cannot add URL parameters to a creative; UTMs are part of the landing page.
      urlSuffix: null,
      mediaUrl,
      thumbnailUrl: media?.thumbnail ?? mediaUrl,
    },
  };
}

function formatDate(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/**
 * One creative-day. The campaign comes from the creative (analytics name only the creative);
 * video views only for video creatives; LinkedIn reports no daily reach per creative.
 */
export function mapLinkedInCreativeAnalyticsElement(
  element: LinkedInCreativeAnalyticsElement,
  account: ExternalAdAccount,
  ads: Map<string, ExternalAd>,
): ExternalAdDailyMetric {
  const currency = account.currency;
  const adId = readCreativeIdFromUrn(element.pivotValues[0] ?? "");
  const ad = ads.get(adId);
  if (!ad)
    throw new PlatformError("linkedin-ads", "rejected", `LinkedIn reported creative ${adId}, which it does not list.`);
  return {
    adExternalId: adId,
    campaignExternalId: ad.campaignExternalId,
    date: formatDate(element.dateRange.start),
    impressions: element.impressions ?? 0,
    reach: null,
    clicks: element.clicks ?? 0,
    spendMinor: decimalToMinor(element.costInLocalCurrency ?? "0", currency),
    conversions: element.externalWebsiteConversions ?? 0,
    conversionValueMinor: decimalToMinor(element.conversionValueInLocalCurrency ?? "0", currency),
    videoViews: ad.creative.kind === "video" ? (element.videoViews ?? 0) : null,
    currency,
  };
}
