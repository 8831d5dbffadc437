import type { Context, Hono } from "hono";
import type {
  SandboxKit,
  SimAccount,
  SimAd,
  SimAdGroup,
  SimCampaign,
  SimConversionAction,
  SimCreative,
} from "../sandbox-kit.ts";
import {
  describeMetrics,
  isFailure,
  type Params,
  PLATFORM,
  paginate,
  pick,
  type ReportRequest,
  readFields,
  readObject,
  readStringList,
  type TikTokFailure,
} from "./tiktok-ads-common.ts";
import { describeAdGroupOptimisation } from "./tiktok-ads-conversions.ts";

/**
 * TikTok's ad groups and ads (v1.3), read-only: `/adgroup/get/`, `/ad/get/` (page/page_size),
 * the files ads name by id (`/file/image/ad/info/`, `/file/video/ad/info/`), and report rows at
 * data_level AUCTION_AD. TikTok's API has no URL suffix or tracking template to edit: an ad's
 * tracking parameters are part of its landing_page_url.
 */

export const ADGROUP_FIELDS = [
  "advertiser_id",
  "campaign_id",
  "adgroup_id",
  "adgroup_name",
  "operation_status",
  "secondary_status",
  "optimization_goal",
  "billing_event",
  "pixel_id",
  "optimization_event",
  "click_attribution_window",
  "view_attribution_window",
  "create_time",
];

export const AD_FIELDS = [
  "advertiser_id",
  "campaign_id",
  "adgroup_id",
  "ad_id",
  "ad_name",
  "operation_status",
  "secondary_status",
  "ad_format",
  "ad_text",
  "display_name",
  "call_to_action",
  "landing_page_url",
  "video_id",
  "image_ids",
  "create_time",
];

/** At most this many ids per file info call (images 100, videos 60). */
const MAX_IMAGE_IDS = 100;
const MAX_VIDEO_IDS = 60;
const IMAGE_ID_PREFIX = "ad-site-i18n-sg/";

type Route = (
  handler: (input: { tenant: string; params: Params; url: string }) => Promise<unknown>,
) => (c: Context) => Promise<Response>;
type FindAdvertiser = (tenant: string, params: Params) => SimAccount | TikTokFailure;

interface AccountAds {
  campaigns: Map<string, SimCampaign>;
  adGroups: Map<string, SimAdGroup>;
  ads: SimAd[];
  conversionActions: SimConversionAction[];
}

async function loadAccountAds(kit: SandboxKit, tenant: string, account: SimAccount): Promise<AccountAds> {
  const [campaigns, adGroups, ads, conversionActions] = await Promise.all([
    kit.engine.listCampaigns(tenant, PLATFORM, account.id),
    kit.engine.listAdGroups(tenant, PLATFORM, account.id),
    kit.engine.listAds(tenant, PLATFORM, account.id),
    kit.engine.listConversionActions(tenant, PLATFORM, account.id),
  ]);
  return {
    campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign])),
    adGroups: new Map(adGroups.map((group) => [group.id, group])),
    ads,
    conversionActions,
  };
}

/** TikTok's secondary status of an ad group or ad: why it (does not) deliver. */
function secondaryStatusOf(
  prefix: "ADGROUP" | "AD",
  own: SimAdGroup["status"],
  parents: { campaign?: SimCampaign; adGroup?: SimAdGroup },
): string {
  if (own === "removed") return `${prefix}_STATUS_DELETE`;
  if (own === "paused") return `${prefix}_STATUS_DISABLE`;
  const { campaign, adGroup } = parents;
  if (campaign?.status === "removed") return `${prefix}_STATUS_CAMPAIGN_DELETE`;
  if (campaign?.status === "paused") return `${prefix}_STATUS_CAMPAIGN_DISABLE`;
  if (adGroup?.status === "removed") return "AD_STATUS_ADGROUP_DELETE";
  if (adGroup?.status === "paused") return "AD_STATUS_ADGROUP_DISABLE";
  if (campaign?.issue === "disapproved" && prefix === "AD") return "AD_STATUS_AUDIT_DENY";
  if (campaign?.issue === "budget_exhausted") return `${prefix}_STATUS_CAMPAIGN_EXCEED`;
  if (campaign?.issue === "account_suspended") return "ADVERTISER_ACCOUNT_PUNISH";
  return `${prefix}_STATUS_DELIVERY_OK`;
}

function operationStatusOf(status: SimAdGroup["status"]): string {
  return status === "enabled" ? "ENABLE" : "DISABLE";
}

function adFormatOf(creative: SimCreative): string {
  if (creative.kind === "video") return "SINGLE_VIDEO";
  if (creative.kind === "carousel") return "CAROUSEL_ADS";
  return "SINGLE_IMAGE";
}

function imageIdOf(creative: SimCreative): string {
  return `${IMAGE_ID_PREFIX}${creative.id}`;
}

function createTime(campaign: SimCampaign | undefined): string {
  return `${campaign?.startDate ?? "2024-01-01"} 00:00:00`;
}

function describeAdGroup(group: SimAdGroup, account: SimAccount, data: AccountAds): Record<string, unknown> {
  const campaign = data.campaigns.get(group.campaignId);
  return {
    advertiser_id: account.id,
    campaign_id: group.campaignId,
    adgroup_id: group.id,
    adgroup_name: group.name,
    operation_status: operationStatusOf(group.status),
    secondary_status: secondaryStatusOf("ADGROUP", group.status, { campaign }),
    optimization_goal: "CONVERT",
    billing_event: "OCPM",
    ...describeAdGroupOptimisation(account, data.conversionActions),
    create_time: createTime(campaign),
  };
}

function describeAd(ad: SimAd, account: SimAccount, data: AccountAds): Record<string, unknown> {
  const campaign = data.campaigns.get(ad.campaignId);
  const { creative } = ad;
  return {
    advertiser_id: account.id,
    campaign_id: ad.campaignId,
    adgroup_id: ad.adGroupId,
    ad_id: ad.id,
    ad_name: ad.name,
    operation_status: operationStatusOf(ad.status),
    secondary_status: secondaryStatusOf("AD", ad.status, { campaign, adGroup: data.adGroups.get(ad.adGroupId) }),
    ad_format: adFormatOf(creative),
    // TikTok ads carry one text line; the headline has no field of its own.
    ad_text: creative.body,
    display_name: account.name,
    call_to_action: "SHOP_NOW",
    // Tracking parameters ride in the landing page URL; TikTok has no separate suffix.
    landing_page_url: creative.landingUrl,
    video_id: creative.kind === "video" ? creative.id : null,
    image_ids: creative.kind === "video" || !creative.mediaUrlPath ? [] : [imageIdOf(creative)],
    create_time: createTime(campaign),
  };
}

/** Keeps what `filtering` asks for: primary_status and id lists, TikTok's way. */
function readFilter(params: Params, idLists: string[]): ((item: Record<string, unknown>) => boolean) | TikTokFailure {
  const filtering = readObject(params, "filtering");
  if (isFailure(filtering)) return filtering;
  const primaryStatus = String(filtering.primary_status ?? "STATUS_NOT_DELETE");
  if (!["STATUS_ALL", "STATUS_NOT_DELETE", "STATUS_DELETE"].includes(primaryStatus))
    return { code: 40002, message: `filtering.primary_status: Invalid enum value ${primaryStatus}.` };
  const lists = new Map<string, Set<string>>();
  for (const name of idLists) {
    if (filtering[name] === undefined) continue;
    const ids = readStringList(filtering, name, true);
    if (isFailure(ids)) return { ...ids, message: `filtering.${ids.message}` };
    if (ids.length > 100) return { code: 40002, message: `filtering.${name}: Longer than maximum length 100.` };
    lists.set(name.replace(/s$/, ""), new Set(ids));
  }
  return (item) => {
    for (const [field, ids] of lists) if (!ids.has(String(item[field]))) return false;
    if (primaryStatus === "STATUS_ALL") return true;
    const isDeleted = String(item.secondary_status).endsWith("_STATUS_DELETE");
    return isDeleted === (primaryStatus === "STATUS_DELETE");
  };
}

export function registerTikTokAdRoutes(api: Hono, kit: SandboxKit, route: Route, findAdvertiser: FindAdvertiser): void {
  api.get(
    "/adgroup/get/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const fields = readFields(params, ADGROUP_FIELDS);
      if (isFailure(fields)) return fields;
      const keep = readFilter(params, ["campaign_ids", "adgroup_ids"]);
      if (isFailure(keep)) return keep;
      const data = await loadAccountAds(kit, tenant, account);
      const groups = [...data.adGroups.values()]
        .map((group) => describeAdGroup(group, account, data))
        .filter(keep)
        .sort((a, b) => String(a.adgroup_id).localeCompare(String(b.adgroup_id)))
        .map((group) => pick(group, fields));
      return paginate(groups, params);
    }),
  );

  api.get(
    "/ad/get/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const fields = readFields(params, AD_FIELDS);
      if (isFailure(fields)) return fields;
      const keep = readFilter(params, ["campaign_ids", "adgroup_ids", "ad_ids"]);
      if (isFailure(keep)) return keep;
      const data = await loadAccountAds(kit, tenant, account);
      const ads = data.ads
        .map((ad) => describeAd(ad, account, data))
        .filter(keep)
        .sort((a, b) => String(a.ad_id).localeCompare(String(b.ad_id)))
        .map((ad) => pick(ad, fields));
      return paginate(ads, params);
    }),
  );

  api.get(
    "/file/image/ad/info/",
    route(async ({ tenant, params, url }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const ids = readStringList(params, "image_ids", true);
      if (isFailure(ids)) return ids;
      if (ids.length > MAX_IMAGE_IDS)
        return { code: 40002, message: `image_ids: Longer than maximum length ${MAX_IMAGE_IDS}.` };
      const creatives = new Map(
        (await kit.engine.listAds(tenant, PLATFORM, account.id)).map((ad) => [imageIdOf(ad.creative), ad.creative]),
      );
      const list = [];
      for (const id of ids) {
        const creative = creatives.get(id);
        if (!creative?.mediaUrlPath || creative.kind === "video") continue;
        list.push({
          image_id: id,
          material_id: creative.id,
          image_url: absoluteMediaUrl(url, creative.mediaUrlPath),
          format: "jpeg",
          width: 1200,
          height: 1200,
          displayable: true,
        });
      }
      return { list };
    }),
  );

  // The sandbox has no video files: the cover frame is what it can show of a video.
  api.get(
    "/file/video/ad/info/",
    route(async ({ tenant, params, url }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const ids = readStringList(params, "video_ids", true);
      if (isFailure(ids)) return ids;
      if (ids.length > MAX_VIDEO_IDS)
        return { code: 40002, message: `video_ids: Longer than maximum length ${MAX_VIDEO_IDS}.` };
      const creatives = new Map(
        (await kit.engine.listAds(tenant, PLATFORM, account.id))
          .filter((ad) => ad.creative.kind === "video")
          .map((ad) => [ad.creative.id, ad.creative]),
      );
      const list = [];
      for (const id of ids) {
        const creative = creatives.get(id);
        if (!creative) continue;
        list.push({
          video_id: id,
          material_id: creative.id.replace(/\D/g, "").slice(-19),
          video_cover_url: absoluteMediaUrl(url, creative.mediaUrlPath),
          preview_url: null,
          format: "mp4",
          duration: 15.0,
          width: 1080,
          height: 1920,
          displayable: true,
        });
      }
      return { list };
    }),
  );
}

/** The sandbox-served file as an absolute URL on the host the request came to. */
export function absoluteMediaUrl(requestUrl: string, path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  const url = new URL(requestUrl);
  const root = url.pathname.slice(0, Math.max(0, url.pathname.indexOf(`/${PLATFORM}/`)));
  return new URL(path.startsWith(`${root}/`) ? path : `${root}${path}`, url.origin).toString();
}

/** Report rows at AUCTION_AD: dimensions ad_id and stat_time_day, the asked metrics (strings). */
export async function describeAdReportRows(
  kit: SandboxKit,
  tenant: string,
  account: SimAccount,
  request: ReportRequest,
): Promise<Record<string, unknown>[]> {
  const [metrics, data] = await Promise.all([
    kit.engine.adDailyMetrics(tenant, PLATFORM, account.id, { from: request.startDate, to: request.endDate }),
    loadAccountAds(kit, tenant, account),
  ]);
  const ads = new Map(data.ads.map((ad) => [ad.id, ad]));
  return [...metrics]
    .sort((a, b) => a.date.localeCompare(b.date) || a.adId.localeCompare(b.adId))
    .map((metric) => {
      const ad = ads.get(metric.adId);
      // Plays start before they are watched: TikTok counts every start, then 2- and 6-second views.
      const plays = Math.min(metric.impressions, Math.round(metric.videoViews * 1.6));
      const values: Record<string, string> = {
        ...describeMetrics(metric, account.currency),
        campaign_id: metric.campaignId,
        campaign_name: data.campaigns.get(metric.campaignId)?.name ?? "",
        adgroup_id: ad?.adGroupId ?? "",
        adgroup_name: (ad && data.adGroups.get(ad.adGroupId)?.name) ?? "",
        ad_name: ad?.name ?? "",
        reach: String(metric.reach),
        frequency: metric.reach > 0 ? (metric.impressions / metric.reach).toFixed(2) : "0.00",
        video_play_actions: String(plays),
        video_watched_2s: String(metric.videoViews),
        video_watched_6s: String(Math.round(metric.videoViews * 0.45)),
      };
      return {
        dimensions: { ad_id: metric.adId, stat_time_day: `${metric.date} 00:00:00` },
        metrics: pick(values, request.metrics),
      };
    });
}
