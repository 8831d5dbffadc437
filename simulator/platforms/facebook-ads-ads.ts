import { randomInt } from "node:crypto";
import type { Context, Hono } from "hono";
import type { SandboxKit, SimAccount, SimAd, SimAdGroup, SimCampaign, SimConversionAction } from "../sandbox-kit.ts";
import { EFFECTIVE_STATUSES, PLATFORM, readStatusFilter } from "./facebook-ads-common.ts";
import { describeOptimisation } from "./facebook-ads-conversions.ts";
import {
  checkNewCreative,
  creativeKey,
  describeCreative,
  type FieldSelection,
  readFieldSelection,
  type StoredCreative,
  swappedKey,
} from "./facebook-ads-creatives.ts";
import {
  buildGraphPage,
  describeInsightRow,
  effectiveStatusOf,
  type GraphErrorSpec,
  type InsightQuery,
  isGraphError,
  nonexistingFieldError,
  pickFields,
  respondGraphError,
  toGraphStatus,
  unknownObjectError,
} from "./facebook-ads-graph.ts";

/**
 * Meta's ad sets, ads and ad creatives in the Graph API sandbox:
 * - GET /act_{id}/adsets and /act_{id}/ads with `fields=` (ads expand `creative{…}`), cursor paging
 *   and the effective_status filter;
 * - GET /{ad_id}; POST /act_{id}/adcreatives (a new creative, e.g. with other url_tags) and
 *   POST /{ad_id} with `creative={"creative_id":…}`: creatives cannot change once made, so new
 *   tracking parameters come with a new creative the ad then uses;
 * - ad-level insights rows (level=ad) with reach and 3-second video plays.
 */

export const AD_SET_FIELDS = [
  "id",
  "account_id",
  "name",
  "campaign_id",
  "status",
  "configured_status",
  "effective_status",
  "billing_event",
  "optimization_goal",
  "promoted_object",
  "attribution_spec",
] as const;

export const AD_FIELDS = [
  "id",
  "account_id",
  "name",
  "adset_id",
  "campaign_id",
  "status",
  "configured_status",
  "effective_status",
  "creative",
] as const;

/** The ad sets, ads and campaigns of one account, with the creatives the API gave ads since. */
interface AccountAds {
  account: SimAccount;
  campaigns: Map<string, SimCampaign>;
  adGroups: Map<string, SimAdGroup>;
  ads: SimAd[];
  /** ad id → the creative id it now uses (after POST /{ad_id} creative=…). */
  swapped: Record<string, string>;
  conversionActions: SimConversionAction[];
}

async function loadAccountAds(kit: SandboxKit, tenant: string, account: SimAccount): Promise<AccountAds> {
  const [campaigns, adGroups, ads, swapped, conversionActions] = await Promise.all([
    kit.engine.listCampaigns(tenant, PLATFORM, account.id),
    kit.engine.listAdGroups(tenant, PLATFORM, account.id),
    kit.engine.listAds(tenant, PLATFORM, account.id),
    kit.records.get(tenant, PLATFORM, swappedKey(account.id)),
    kit.engine.listConversionActions(tenant, PLATFORM, account.id),
  ]);
  return {
    account,
    campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign])),
    adGroups: new Map(adGroups.map((group) => [group.id, group])),
    ads,
    swapped: swapped ? (JSON.parse(swapped) as Record<string, string>) : {},
    conversionActions,
  };
}

/** Meta's effective status of an ad set or ad: its own, else why a parent keeps it from running. */
function effectiveStatus(own: SimAdGroup["status"], parents: { campaign?: SimCampaign; adGroup?: SimAdGroup }): string {
  const status = toGraphStatus(own);
  if (status !== "ACTIVE") return status;
  const { campaign, adGroup } = parents;
  if (campaign && campaign.status === "removed") return "ARCHIVED";
  if (campaign && campaign.status === "paused") return "CAMPAIGN_PAUSED";
  if (adGroup && adGroup.status === "removed") return "ARCHIVED";
  if (adGroup && adGroup.status === "paused") return "ADSET_PAUSED";
  return campaign ? effectiveStatusOf(campaign) : status;
}

function describeAdSet(group: SimAdGroup, data: AccountAds): Record<string, unknown> {
  const status = toGraphStatus(group.status);
  return {
    id: group.id,
    account_id: data.account.id,
    name: group.name,
    campaign_id: group.campaignId,
    status,
    configured_status: status,
    effective_status: effectiveStatus(group.status, { campaign: data.campaigns.get(group.campaignId) }),
    billing_event: "IMPRESSIONS",
    optimization_goal: "OFFSITE_CONVERSIONS",
    ...describeOptimisation(data.account, data.conversionActions),
  };
}

function describeAd(ad: SimAd, data: AccountAds, selection: FieldSelection[], requestUrl: string) {
  const status = toGraphStatus(ad.status);
  const values: Record<string, unknown> = {
    id: ad.id,
    account_id: data.account.id,
    name: ad.name,
    adset_id: ad.adGroupId,
    campaign_id: ad.campaignId,
    status,
    configured_status: status,
    effective_status: effectiveStatus(ad.status, {
      campaign: data.campaigns.get(ad.campaignId),
      adGroup: data.adGroups.get(ad.adGroupId),
    }),
  };
  const picked: Record<string, unknown> = {};
  for (const field of selection) {
    if (field.name !== "creative") {
      if (values[field.name] !== undefined) picked[field.name] = values[field.name];
      continue;
    }
    const creative = describeCreative(ad.creative, data.swapped[ad.id] ?? ad.creative.id, data.account, requestUrl);
    picked.creative = pickFields(creative, field.fields ?? ["id"]);
  }
  return picked;
}

/** Without a filter Meta lists every ad set and ad but archived and deleted ones. */
function readChildStatusFilter(value: string | undefined): Set<string> | GraphErrorSpec {
  if (value !== undefined) return readStatusFilter(value);
  return new Set([...EFFECTIVE_STATUSES].filter((status) => status !== "ARCHIVED" && status !== "DELETED"));
}

type Authenticate = (c: Context) => Promise<{ tenant: string; params: Record<string, string> } | Response>;

/** GET /act_{id}/adsets, GET /act_{id}/ads and POST /act_{id}/adcreatives. */
export function registerFacebookAdRoutes(
  graph: Hono,
  kit: SandboxKit,
  authenticate: Authenticate,
  findAccount: (tenant: string, node: string) => SimAccount | undefined,
): void {
  graph.get("/:node/adsets", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const selection = readFieldSelection(auth.params.fields, AD_SET_FIELDS);
    if (!Array.isArray(selection)) return respondGraphError(c, nonexistingFieldError(selection.unknownField, "AdSet"));
    const statuses = readChildStatusFilter(auth.params.effective_status);
    if (isGraphError(statuses)) return respondGraphError(c, statuses);
    const data = await loadAccountAds(kit, auth.tenant, account);
    const adSets = [...data.adGroups.values()]
      .map((group) => describeAdSet(group, data))
      .filter((adSet) => statuses.has(String(adSet.effective_status)))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)))
      .map((adSet) =>
        pickFields(
          adSet,
          selection.map((field) => field.name),
        ),
      );
    const page = buildGraphPage(c.req.url, adSets, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  graph.get("/:node/ads", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "get"));
    const selection = readFieldSelection(auth.params.fields, AD_FIELDS);
    if (!Array.isArray(selection))
      return respondGraphError(c, nonexistingFieldError(selection.unknownField, selection.nodeType));
    const statuses = readChildStatusFilter(auth.params.effective_status);
    if (isGraphError(statuses)) return respondGraphError(c, statuses);
    const data = await loadAccountAds(kit, auth.tenant, account);
    const everything: FieldSelection[] = [{ name: "effective_status", fields: null }];
    const ads = [...data.ads]
      .filter((ad) => statuses.has(String(describeAd(ad, data, everything, c.req.url).effective_status)))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((ad) => describeAd(ad, data, selection, c.req.url));
    const page = buildGraphPage(c.req.url, ads, auth.params);
    return isGraphError(page) ? respondGraphError(c, page) : c.json(page);
  });

  // A new creative: the page's story (link_data or video_data) and the tracking parameters.
  graph.post("/:node/adcreatives", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "post"));
    const problem = checkNewCreative(auth.params, account);
    if (problem) return respondGraphError(c, problem);
    const id = `${randomInt(100_000, 999_999)}${randomInt(100_000_000, 999_999_999)}`;
    const stored: StoredCreative = {
      accountId: account.id,
      name: auth.params.name ?? `Creative ${id}`,
      urlTags: auth.params.url_tags?.trim() ? auth.params.url_tags.trim() : null,
      objectStorySpec: auth.params.object_story_spec ?? null,
    };
    await kit.records.put(auth.tenant, PLATFORM, creativeKey(id), JSON.stringify(stored));
    return c.json({ id });
  });
}

/** The ad named `id` among the tenant's accounts, with its account's ads. */
export async function findAd(
  kit: SandboxKit,
  tenant: string,
  id: string,
): Promise<{ ad: SimAd; data: AccountAds } | null> {
  if (!/^\d+$/.test(id)) return null;
  for (const account of kit.engine.listAccounts(tenant, PLATFORM)) {
    const ads = await kit.engine.listAds(tenant, PLATFORM, account.id);
    const ad = ads.find((candidate) => candidate.id === id);
    if (ad) return { ad, data: await loadAccountAds(kit, tenant, account) };
  }
  return null;
}

/** GET /{ad_id} with `fields=`. */
export function respondAdNode(
  c: Context,
  found: { ad: SimAd; data: AccountAds },
  params: Record<string, string>,
): Response {
  const selection = readFieldSelection(params.fields, AD_FIELDS);
  if (!Array.isArray(selection))
    return respondGraphError(c, nonexistingFieldError(selection.unknownField, selection.nodeType));
  return c.json(describeAd(found.ad, found.data, selection, c.req.url));
}

/**
 * POST /{ad_id}: `creative={"creative_id":…}` swaps in a creative of the same account (its
 * url_tags then apply to the ad's clicks); `status` and `name` as on other objects.
 */
export async function updateAd(
  c: Context,
  kit: SandboxKit,
  tenant: string,
  found: { ad: SimAd; data: AccountAds },
  params: Record<string, string>,
): Promise<Response> {
  const { creative, status, name } = params;
  if (creative === undefined && status === undefined && name === undefined)
    return respondGraphError(c, { message: "(#100) No fields to update were given", code: 100 });
  if (status !== undefined && !["ACTIVE", "PAUSED", "ARCHIVED", "DELETED"].includes(status))
    return respondGraphError(c, {
      message: "(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}",
      code: 100,
    });
  if (status !== undefined || name !== undefined)
    return respondGraphError(c, {
      message: "(#100) The sandbox changes an ad's creative only; status and name stay as they are",
      code: 100,
    });
  let creativeId: string | null = null;
  try {
    const value = JSON.parse(creative ?? "null") as { creative_id?: unknown } | null;
    creativeId = value && typeof value.creative_id === "string" ? value.creative_id : null;
  } catch {
    creativeId = null;
  }
  if (!creativeId)
    return respondGraphError(c, { message: '(#100) Param creative must be {"creative_id":"<ID>"}', code: 100 });
  const storedText = await kit.records.get(tenant, PLATFORM, creativeKey(creativeId));
  const stored = storedText ? (JSON.parse(storedText) as StoredCreative) : null;
  if (!stored || stored.accountId !== found.data.account.id)
    return respondGraphError(c, {
      message: `(#100) The creative ${creativeId} does not exist or does not belong to the ad's ad account`,
      code: 100,
      error_subcode: 1487035,
    });
  if (found.ad.status === "removed")
    return respondGraphError(c, { message: "(#100) An archived ad cannot be edited", code: 100 });
  await kit.engine.setAdUrlSuffix(tenant, PLATFORM, found.ad.id, stored.urlTags);
  const swapped = { ...found.data.swapped, [found.ad.id]: creativeId };
  await kit.records.put(tenant, PLATFORM, swappedKey(found.data.account.id), JSON.stringify(swapped));
  return c.json({ success: true });
}

/** Ad-level insights rows (level=ad, time_increment=1), by date then ad. */
export async function describeAdInsightRows(
  kit: SandboxKit,
  tenant: string,
  account: SimAccount,
  query: InsightQuery,
): Promise<Record<string, unknown>[]> {
  const [metrics, campaigns, adGroups, ads] = await Promise.all([
    kit.engine.adDailyMetrics(tenant, PLATFORM, account.id, { from: query.since, to: query.until }),
    kit.engine.listCampaigns(tenant, PLATFORM, account.id),
    kit.engine.listAdGroups(tenant, PLATFORM, account.id),
    kit.engine.listAds(tenant, PLATFORM, account.id),
  ]);
  const campaignNames = new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
  const adGroupNames = new Map(adGroups.map((group) => [group.id, group.name]));
  const adsById = new Map(ads.map((ad) => [ad.id, ad]));
  return [...metrics]
    .sort((a, b) => a.date.localeCompare(b.date) || a.adId.localeCompare(b.adId))
    .map((metric) => {
      const ad = adsById.get(metric.adId);
      const isVideo = ad?.creative.kind === "video";
      return describeInsightRow(metric, account, campaignNames.get(metric.campaignId) ?? "", query.fields, {
        adset_id: ad?.adGroupId,
        adset_name: ad ? adGroupNames.get(ad.adGroupId) : undefined,
        ad_id: metric.adId,
        ad_name: ad?.name,
        reach: String(metric.reach),
        frequency: metric.reach > 0 ? (metric.impressions / metric.reach).toFixed(6) : undefined,
        video_play_actions:
          isVideo && metric.videoViews > 0
            ? [{ action_type: "video_view", value: String(metric.videoViews) }]
            : undefined,
      });
    });
}
