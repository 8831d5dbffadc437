import type { Context, Hono } from "hono";
import { mediaPathsOf, tenantOfToken, tenantToken } from "../market/ads.ts";
import type { SandboxKit, SimAccount, SimAd, SimAdGroup, SimCampaign, SimCreativeKind } from "../sandbox-kit.ts";
import { mediaSizeOf, sandboxMediaUrl } from "../sandbox-media.ts";
import {
  type AdsFailure,
  asRecord,
  type GoogleRow,
  mutateError,
  notFound,
  PLATFORM,
  readUpdateMask,
  requiredField,
  serializeRow,
} from "./google-ads-common.ts";
import type { GaqlQuery } from "./google-ads-gaql.ts";

/**
 * Google Ads below the campaign: GAQL `FROM ad_group`, `FROM ad_group_ad` (with metrics by
 * segments.date) and `FROM asset` (image and YouTube video assets), `ads:mutate` for an ad's
 * final_url_suffix, and the YouTube watch and thumbnail URLs of the sandbox's video assets.
 * Ad types: text creatives are RESPONSIVE_SEARCH_AD, images RESPONSIVE_DISPLAY_AD (marketing
 * images are assets), videos VIDEO_RESPONSIVE_AD (YouTube video assets).
 */

const AD_TYPES: Record<SimCreativeKind, string> = {
  text: "RESPONSIVE_SEARCH_AD",
  image: "RESPONSIVE_DISPLAY_AD",
  carousel: "RESPONSIVE_DISPLAY_AD",
  video: "VIDEO_RESPONSIVE_AD",
};
const AD_GROUP_TYPES: Record<SimCreativeKind, string> = {
  text: "SEARCH_STANDARD",
  image: "DISPLAY_STANDARD",
  carousel: "DISPLAY_STANDARD",
  video: "VIDEO_RESPONSIVE",
};
const MAX_URL_SUFFIX_LENGTH = 1024;

/** The sandbox's YouTube video id of a creative: the creative and its tenant (`<id>.<tenant token>`). */
export function youtubeVideoIdOf(tenant: string, creativeId: string): string {
  return `${creativeId}.${tenantToken(tenant)}`;
}

/** YouTube's watch page and i.ytimg.com thumbnails for the sandbox's videos: redirects to their poster. */
export function registerGoogleYouTube(app: Hono): void {
  const posterOf = (c: Context, videoId: string | undefined, thumbnail: boolean) => {
    const match = /^(\d{1,20})\.([A-Za-z0-9_-]{1,200})$/.exec(videoId ?? "");
    const tenant = match ? tenantOfToken(match[2]!) : null;
    if (!match || tenant === null) return c.text("Not Found", 404);
    const paths = mediaPathsOf(PLATFORM, tenant, match[1]!);
    return c.redirect(sandboxMediaUrl(c, PLATFORM, thumbnail ? paths.thumbnail : paths.media)!, 302);
  };
  app.get("/youtube/watch", (c) => posterOf(c, c.req.query("v"), false));
  app.get("/ytimg/vi/:videoId/hqdefault.jpg", (c) => posterOf(c, c.req.param("videoId"), true));
}

export function createGoogleAdLevel(kit: SandboxKit) {
  async function selectAdRows(
    c: Context,
    tenant: string,
    account: SimAccount,
    query: GaqlQuery,
    campaigns: SimCampaign[],
  ): Promise<GoogleRow[]> {
    const campaignsById = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
    const groups = (await kit.engine.listAdGroups(tenant, PLATFORM, account.id)).filter(
      (group) =>
        (query.campaignId === null || group.campaignId === query.campaignId) &&
        (query.adGroupId === null || group.id === query.adGroupId),
    );
    const groupsById = new Map(groups.map((group) => [group.id, group]));
    const ads = (await kit.engine.listAds(tenant, PLATFORM, account.id)).filter((ad) => groupsById.has(ad.adGroupId));
    const customer = `customers/${account.id}`;
    const brand = kit.engine.describeStore(tenant, "shopify").name;

    if (query.resource === "asset") {
      return ads
        .filter((ad) => ad.creative.kind !== "text")
        .map((ad) => serializeAsset(c, query.fields, tenant, account, ad));
    }
    if (query.resource === "ad_group") {
      return groups.map((group) => {
        const row = serializeRow(query.fields, account, campaignsById.get(group.campaignId) ?? null, null);
        const kind = ads.find((ad) => ad.adGroupId === group.id)?.creative.kind ?? "text";
        addAdGroupFields(row, query.fields, customer, group, kind);
        return row;
      });
    }
    const adsById = new Map(ads.map((ad) => [ad.id, ad]));
    const rowOf = (ad: SimAd, metric: Parameters<typeof serializeRow>[3], videoViews: number) => {
      const row = serializeRow(query.fields, account, campaignsById.get(ad.campaignId) ?? null, metric);
      addAdGroupFields(row, query.fields, customer, groupsById.get(ad.adGroupId)!, ad.creative.kind);
      addAdFields(row, query.fields, customer, ad, brand);
      if (query.fields.includes("metrics.video_trueview_views")) {
        row.metrics ??= {};
        row.metrics.videoTrueviewViews = String(videoViews);
      }
      return row;
    };
    if (!query.dateRange) return ads.map((ad) => rowOf(ad, null, 0));
    const days = await kit.engine.adDailyMetrics(tenant, PLATFORM, account.id, query.dateRange);
    return days.flatMap((day) => {
      const ad = adsById.get(day.adId);
      return ad ? [rowOf(ad, day, day.videoViews)] : [];
    });
  }

  /** `ads:mutate`: updates of final_url_suffix (or final_urls' suffix cleared), all or nothing. */
  async function runAdsMutate(c: Context, tenant: string, account: SimAccount, request: Record<string, unknown>) {
    const operations = Array.isArray(request.operations) ? (request.operations as unknown[]) : [];
    if (operations.length === 0) {
      return mutateError(c, [{ errorCode: { mutateError: "EMPTY_OPERATIONS" }, message: "No operations were given." }]);
    }
    const adIds = new Set((await kit.engine.listAds(tenant, PLATFORM, account.id)).map((ad) => ad.id));
    const planned: { resourceName: string; adId: string; suffix: string | null }[] = [];
    const failures: AdsFailure[] = [];
    for (const [index, raw] of operations.entries()) {
      const at = (...path: string[]) => ({
        fieldPathElements: [{ fieldName: "operations", index }, ...path.map((fieldName) => ({ fieldName }))],
      });
      const update = asRecord(asRecord(raw).update);
      if (Object.keys(update).length === 0) {
        failures.push(requiredField(at("update")));
        continue;
      }
      const resourceName = typeof update.resourceName === "string" ? update.resourceName : "";
      const adId = new RegExp(`^customers/${account.id}/ads/(\\d+)$`).exec(resourceName)?.[1];
      if (!adId || !adIds.has(adId)) {
        failures.push(notFound(at("update", "resource_name")));
        continue;
      }
      const mask = readUpdateMask(asRecord(raw).updateMask);
      const other = mask.find((path) => path !== "final_url_suffix");
      if (mask.length === 0 || other) {
        failures.push({
          errorCode: { fieldMaskError: other ? "FIELD_NOT_FOUND" : "FIELD_MASK_MISSING" },
          message: other
            ? `The sandbox updates only final_url_suffix of an ad, not '${other}'.`
            : "The field mask must contain final_url_suffix.",
          location: at("update_mask"),
        });
        continue;
      }
      const value = update.finalUrlSuffix;
      if (value !== undefined && typeof value !== "string") {
        failures.push(requiredField(at("update", "final_url_suffix")));
        continue;
      }
      const suffix = value?.trim() ? value.trim() : null;
      if (suffix !== null && (suffix.length > MAX_URL_SUFFIX_LENGTH || /^[?&#]|\s/.test(suffix))) {
        failures.push({
          errorCode: { urlFieldError: "INVALID_URL_SUFFIX" },
          message: "The final URL suffix is malformed: parameters without a leading '?' or '&', and no spaces.",
          location: at("update", "final_url_suffix"),
        });
        continue;
      }
      planned.push({ resourceName, adId, suffix });
    }
    if (failures.length > 0) return mutateError(c, failures);
    if (request.validateOnly === true) return c.json({ results: [] });
    for (const { adId, suffix } of planned) await kit.engine.setAdUrlSuffix(tenant, PLATFORM, adId, suffix);
    return c.json({ results: planned.map(({ resourceName }) => ({ resourceName })) });
  }

  function serializeAsset(c: Context, fields: string[], tenant: string, account: SimAccount, ad: SimAd): GoogleRow {
    const row = serializeRow(fields, account, null, null);
    const { creative } = ad;
    const resourceName = `customers/${account.id}/assets/${creative.id}`;
    const isVideo = creative.kind === "video";
    const size = mediaSizeOf(PLATFORM, creative.kind);
    const asset: Record<string, unknown> = { resourceName };
    const image: Record<string, unknown> = {};
    const video: Record<string, unknown> = {};
    for (const field of fields) {
      if (field === "asset.id") asset.id = creative.id;
      else if (field === "asset.name") asset.name = `${ad.name}${isVideo ? "" : ".jpg"}`;
      else if (field === "asset.type") asset.type = isVideo ? "YOUTUBE_VIDEO" : "IMAGE";
      else if (!isVideo && field === "asset.image_asset.full_size.url")
        image.url = sandboxMediaUrl(c, PLATFORM, creative.mediaUrlPath);
      else if (!isVideo && field === "asset.image_asset.full_size.width_pixels") image.widthPixels = String(size.width);
      else if (!isVideo && field === "asset.image_asset.full_size.height_pixels")
        image.heightPixels = String(size.height);
      else if (isVideo && field === "asset.youtube_video_asset.youtube_video_id")
        video.youtubeVideoId = youtubeVideoIdOf(tenant, creative.id);
      else if (isVideo && field === "asset.youtube_video_asset.youtube_video_title") video.youtubeVideoTitle = ad.name;
    }
    if (Object.keys(image).length > 0) asset.imageAsset = { fullSize: image };
    if (Object.keys(video).length > 0) asset.youtubeVideoAsset = video;
    row.asset = asset;
    return row;
  }

  return { selectAdRows, runAdsMutate };
}

function addAdGroupFields(
  row: GoogleRow,
  fields: string[],
  customer: string,
  group: SimAdGroup,
  kind: SimCreativeKind,
): void {
  const resourceName = `${customer}/adGroups/${group.id}`;
  for (const field of fields) {
    if (!field.startsWith("ad_group.")) continue;
    row.adGroup ??= { resourceName };
    if (field === "ad_group.id") row.adGroup.id = group.id;
    else if (field === "ad_group.name") row.adGroup.name = group.name;
    else if (field === "ad_group.status") row.adGroup.status = group.status.toUpperCase();
    else if (field === "ad_group.type") row.adGroup.type = AD_GROUP_TYPES[kind];
    else if (field === "ad_group.campaign") row.adGroup.campaign = `${customer}/campaigns/${group.campaignId}`;
  }
}

/** Google's text assets: up to 30 characters for a headline, 90 for a description. */
const textAsset = (text: string, max: number) => ({ text: text.length > max ? text.slice(0, max).trimEnd() : text });

function addAdFields(row: GoogleRow, fields: string[], customer: string, ad: SimAd, brand: string): void {
  const { creative } = ad;
  const adGroupAdName = `${customer}/adGroupAds/${ad.adGroupId}~${ad.id}`;
  const inner: Record<string, unknown> = { resourceName: `${customer}/ads/${ad.id}` };
  const outer: Record<string, unknown> = { resourceName: adGroupAdName };
  const headlines = [textAsset(creative.headline, 30), textAsset(ad.name.split(" – ")[1] ?? creative.headline, 30)];
  const descriptions = [textAsset(creative.body, 90)];
  const typed = (key: string, value: Record<string, unknown>) => {
    inner[key] = { ...(inner[key] as Record<string, unknown> | undefined), ...value };
  };
  const asset = { asset: `${customer}/assets/${creative.id}` };
  for (const field of fields) {
    if (!field.startsWith("ad_group_ad.")) continue;
    if (field === "ad_group_ad.status") outer.status = ad.status.toUpperCase();
    else if (field === "ad_group_ad.ad_group") outer.adGroup = `${customer}/adGroups/${ad.adGroupId}`;
    else if (field === "ad_group_ad.ad.id") inner.id = ad.id;
    else if (field === "ad_group_ad.ad.name") inner.name = ad.name;
    else if (field === "ad_group_ad.ad.type") inner.type = AD_TYPES[creative.kind];
    else if (field === "ad_group_ad.ad.final_urls") inner.finalUrls = [creative.landingUrl];
    else if (field === "ad_group_ad.ad.final_url_suffix") {
      // proto3 JSON leaves an unset string out.
      if (creative.urlSuffix) inner.finalUrlSuffix = creative.urlSuffix;
    } else if (creative.kind === "text" && field.startsWith("ad_group_ad.ad.responsive_search_ad.")) {
      const part = field.slice("ad_group_ad.ad.responsive_search_ad.".length);
      typed("responsiveSearchAd", part === "headlines" ? { headlines } : { descriptions });
    } else if (creative.kind !== "text" && creative.kind !== "video") {
      const part = field.startsWith("ad_group_ad.ad.responsive_display_ad.")
        ? field.slice("ad_group_ad.ad.responsive_display_ad.".length)
        : null;
      if (part === "marketing_images") typed("responsiveDisplayAd", { marketingImages: [asset] });
      else if (part === "headlines") typed("responsiveDisplayAd", { headlines });
      else if (part === "long_headline")
        typed("responsiveDisplayAd", { longHeadline: textAsset(creative.headline, 90) });
      else if (part === "descriptions") typed("responsiveDisplayAd", { descriptions });
      else if (part === "business_name") typed("responsiveDisplayAd", { businessName: textAsset(brand, 25).text });
    } else if (creative.kind === "video" && field.startsWith("ad_group_ad.ad.video_responsive_ad.")) {
      const part = field.slice("ad_group_ad.ad.video_responsive_ad.".length);
      if (part === "videos") typed("videoResponsiveAd", { videos: [asset] });
      else if (part === "headlines") typed("videoResponsiveAd", { headlines: headlines.slice(0, 1) });
      else if (part === "long_headlines")
        typed("videoResponsiveAd", { longHeadlines: [textAsset(creative.headline, 90)] });
      else if (part === "descriptions") typed("videoResponsiveAd", { descriptions });
    }
  }
  if (fields.some((field) => field.startsWith("ad_group_ad.ad."))) outer.ad = inner;
  row.adGroupAd = outer;
}
