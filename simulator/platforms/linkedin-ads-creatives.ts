import type { Context, Hono } from "hono";
import type { SandboxKit, SimAccount, SimAd, SimCampaign, SimCreative } from "../sandbox-kit.ts";
import {
  ACCOUNT_URN,
  type ApiEnv,
  CAMPAIGN_URN,
  CREATIVE_URN,
  DEFAULT_PAGE_SIZE,
  decodePageToken,
  encodePageToken,
  linkedInError,
  MAX_PAGE_SIZE,
  PLATFORM,
} from "./linkedin-ads-common.ts";
import { parseRestliValue, RestliSyntaxError, type RestliValue, readRawQuery } from "./linkedin-ads-restli.ts";

/**
 * LinkedIn's creatives (the ads of a campaign; on LinkedIn the campaign is also the ad group):
 * - GET /rest/adAccounts/{id}/creatives?q=criteria (campaigns, intendedStatuses, sortOrder;
 *   cursor pageSize/pageToken). Sponsored content points at its post (`content.reference`);
 *   a text ad carries its copy (`content.textAd`).
 * - BATCH_GET /rest/posts?ids=List(…): the post's commentary, media and landing page.
 * - BATCH_GET /rest/images?ids=List(…) and /rest/videos?ids=List(…): download and thumbnail URLs.
 * - Rows of adAnalytics with pivot=CREATIVE (see linkedin-ads.ts).
 * The API cannot edit a creative's URL parameters: UTM parameters are part of the landing page.
 */

const INTENDED_STATUSES = new Set(["ACTIVE", "PAUSED", "ARCHIVED", "CANCELED", "DRAFT", "PENDING_DELETION", "REMOVED"]);
const MAX_BATCH_IDS = 100;

interface TenantCreative {
  ad: SimAd;
  account: SimAccount;
  campaign: SimCampaign | undefined;
}

function shareUrnOf(creative: SimCreative): string {
  return `urn:li:share:7${creative.id.padStart(18, "0")}`;
}

function mediaUrnOf(creative: SimCreative): string {
  return creative.kind === "video" ? `urn:li:video:C5D05AQ${creative.id}` : `urn:li:image:C4E10AQ${creative.id}`;
}

/** The sandbox-served file as an absolute URL on the host the request came to. */
function absoluteMediaUrl(requestUrl: string, path: string | null): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path)) return path;
  const url = new URL(requestUrl);
  const root = url.pathname.slice(0, Math.max(0, url.pathname.indexOf(`/${PLATFORM}/`)));
  return new URL(path.startsWith(`${root}/`) ? path : `${root}${path}`, url.origin).toString();
}

function toIntendedStatus(status: SimAd["status"]): string {
  if (status === "enabled") return "ACTIVE";
  return status === "paused" ? "PAUSED" : "ARCHIVED";
}

function describeCreative(entry: TenantCreative): Record<string, unknown> {
  const { ad, account, campaign } = entry;
  const { creative } = ad;
  const isServing = ad.status === "enabled" && campaign?.status === "enabled" && !campaign.issue;
  const created = Date.parse(`${campaign?.startDate ?? "2024-01-01"}T09:00:00Z`);
  return {
    id: `${CREATIVE_URN}${creative.id}`,
    account: `${ACCOUNT_URN}${account.id}`,
    campaign: `${CAMPAIGN_URN}${ad.campaignId}`,
    name: ad.name,
    content:
      creative.kind === "text"
        ? { textAd: { headline: creative.headline, text: creative.body, landingPage: creative.landingUrl } }
        : { reference: shareUrnOf(creative) },
    intendedStatus: toIntendedStatus(ad.status),
    isServing,
    ...(isServing || ad.status !== "enabled" ? {} : { servingHoldReasons: ["CAMPAIGN_STOPPED"] }),
    review: { status: campaign?.issue === "disapproved" ? "REJECTED" : "APPROVED" },
    isTest: false,
    createdAt: created,
    createdBy: `urn:li:person:sandbox${account.id.slice(-4)}`,
    lastModifiedAt: created,
    lastModifiedBy: `urn:li:person:sandbox${account.id.slice(-4)}`,
  };
}

function describePost(entry: TenantCreative): Record<string, unknown> {
  const { ad, account } = entry;
  const { creative } = ad;
  return {
    id: shareUrnOf(creative),
    author: `urn:li:organization:${account.id.slice(-6)}`,
    commentary: creative.body,
    visibility: "PUBLIC",
    distribution: { feedDistribution: "NONE", targetEntities: [], thirdPartyDistributionChannels: [] },
    content: { media: { id: mediaUrnOf(creative), title: creative.headline } },
    contentLandingPage: creative.landingUrl,
    contentCallToActionLabel: "SHOP",
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
    adContext: {
      dscAdAccount: `${ACCOUNT_URN}${account.id}`,
      dscStatus: "ACTIVE",
      dscAdType: creative.kind === "video" ? "VIDEO" : "STANDARD",
    },
  };
}

function describeMedia(entry: TenantCreative, requestUrl: string): Record<string, unknown> {
  const { creative } = entry.ad;
  const owner = `urn:li:organization:${entry.account.id.slice(-6)}`;
  const expiresAt = Date.now() + 3_600_000;
  if (creative.kind === "video")
    // The sandbox has no video files: what it shows of a video is its thumbnail frame.
    return {
      id: mediaUrnOf(creative),
      owner,
      status: "AVAILABLE",
      thumbnail: absoluteMediaUrl(requestUrl, creative.mediaUrlPath),
      duration: 15_000,
      aspectRatioWidth: 16,
      aspectRatioHeight: 9,
    };
  return {
    id: mediaUrnOf(creative),
    owner,
    status: "AVAILABLE",
    downloadUrl: absoluteMediaUrl(requestUrl, creative.mediaUrlPath),
    downloadUrlExpiresAt: expiresAt,
  };
}

async function creativesOf(kit: SandboxKit, tenant: string, account: SimAccount): Promise<TenantCreative[]> {
  const [ads, campaigns] = await Promise.all([
    kit.engine.listAds(tenant, PLATFORM, account.id),
    kit.engine.listCampaigns(tenant, PLATFORM, account.id),
  ]);
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  return ads.map((ad) => ({ ad, account, campaign: byId.get(ad.campaignId) }));
}

/** A `List(…)` parameter of primitives, or null when absent; throws RestliSyntaxError when malformed. */
function readList(params: Map<string, string>, name: string): string[] | null {
  const raw = params.get(name);
  if (raw === undefined) return null;
  const value: RestliValue = parseRestliValue(raw);
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
    throw new RestliSyntaxError(`${name} must be List(...)`);
  return value as string[];
}

function respondPage(c: Context, elements: unknown[]): Response {
  const pageSizeText = c.req.query("pageSize");
  const pageSize = pageSizeText === undefined ? DEFAULT_PAGE_SIZE : Number(pageSizeText);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    return linkedInError(c, 400, `pageSize must be between 1 and ${MAX_PAGE_SIZE}.`);
  const pageToken = c.req.query("pageToken");
  const offset = pageToken === undefined ? 0 : decodePageToken(pageToken);
  if (offset === null) return linkedInError(c, 400, "Invalid pageToken.");
  const slice = elements.slice(offset, offset + pageSize);
  const hasMore = offset + pageSize < elements.length;
  return c.json({
    elements: slice,
    metadata: hasMore ? { nextPageToken: encodePageToken(offset + pageSize) } : {},
    paging: { count: slice.length, links: [] },
  });
}

/** A BATCH_GET over the tenant's creatives: `results` by id, 404 in `errors` for the others. */
async function respondBatch(
  c: Context<ApiEnv>,
  kit: SandboxKit,
  idOf: (creative: SimCreative) => string | null,
  describe: (entry: TenantCreative) => Record<string, unknown>,
): Promise<Response> {
  let ids: string[] | null;
  try {
    ids = readList(readRawQuery(c.req.url), "ids");
  } catch (error) {
    if (error instanceof RestliSyntaxError)
      return linkedInError(c, 400, `Invalid query parameter ids: ${error.message}`);
    throw error;
  }
  if (!ids || ids.length === 0) return linkedInError(c, 400, "ids=List(...) is required for a batch get.");
  if (ids.length > MAX_BATCH_IDS) return linkedInError(c, 400, `At most ${MAX_BATCH_IDS} ids per batch get.`);
  const tenant = c.get("tenant");
  const known = new Map<string, TenantCreative>();
  for (const account of kit.engine.listAccounts(tenant, PLATFORM))
    for (const entry of await creativesOf(kit, tenant, account)) {
      const id = idOf(entry.ad.creative);
      if (id) known.set(id, entry);
    }
  const results: Record<string, unknown> = {};
  const statuses: Record<string, number> = {};
  const errors: Record<string, unknown> = {};
  for (const id of new Set(ids)) {
    const entry = known.get(id);
    if (entry) {
      results[id] = describe(entry);
      statuses[id] = 200;
    } else {
      statuses[id] = 404;
      errors[id] = { status: 404, message: `Entity ${id} not found or not accessible.` };
    }
  }
  return c.json({ results, statuses, errors });
}

export function registerLinkedInCreativeRoutes(api: Hono<ApiEnv>, kit: SandboxKit): void {
  api.get("/adAccounts/:accountId/creatives", async (c) => {
    const params = readRawQuery(c.req.url);
    if (params.get("q") !== "criteria") return linkedInError(c, 400, "Invalid finder: use q=criteria.");
    const accountId = c.req.param("accountId");
    const account = kit.engine.listAccounts(c.get("tenant"), PLATFORM).find((candidate) => candidate.id === accountId);
    if (!account)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}/creatives`, {
        serviceErrorCode: 100,
      });
    let campaigns: string[] | null;
    let statuses: string[] | null;
    let creativeIds: string[] | null;
    try {
      campaigns = readList(params, "campaigns");
      statuses = readList(params, "intendedStatuses");
      creativeIds = readList(params, "creatives");
    } catch (error) {
      if (error instanceof RestliSyntaxError) return linkedInError(c, 400, `Invalid query parameter: ${error.message}`);
      throw error;
    }
    const unknownStatus = statuses?.find((status) => !INTENDED_STATUSES.has(status));
    if (unknownStatus) return linkedInError(c, 400, `Invalid intendedStatuses value ${unknownStatus}.`);
    const sortOrder = params.get("sortOrder") ?? "ASCENDING";
    if (sortOrder !== "ASCENDING" && sortOrder !== "DESCENDING")
      return linkedInError(c, 400, "sortOrder must be ASCENDING or DESCENDING.");
    const elements = (await creativesOf(kit, c.get("tenant"), account))
      .map(describeCreative)
      .filter(
        (creative) =>
          (!campaigns || campaigns.includes(String(creative.campaign))) &&
          (!statuses || statuses.includes(String(creative.intendedStatus))) &&
          (!creativeIds || creativeIds.includes(String(creative.id))),
      )
      .sort((a, b) => {
        const order = Number(String(a.id).slice(CREATIVE_URN.length)) - Number(String(b.id).slice(CREATIVE_URN.length));
        return sortOrder === "ASCENDING" ? order : -order;
      });
    return respondPage(c, elements);
  });

  api.get("/posts", (c) =>
    respondBatch(c, kit, (creative) => (creative.kind === "text" ? null : shareUrnOf(creative)), describePost),
  );
  api.get("/images", (c) =>
    respondBatch(
      c,
      kit,
      (creative) => (creative.kind === "text" || creative.kind === "video" ? null : mediaUrnOf(creative)),
      (entry) => describeMedia(entry, c.req.url),
    ),
  );
  api.get("/videos", (c) =>
    respondBatch(
      c,
      kit,
      (creative) => (creative.kind === "video" ? mediaUrnOf(creative) : null),
      (entry) => describeMedia(entry, c.req.url),
    ),
  );
}

/** One row per creative-day (pivot=CREATIVE), by date then creative, for adAnalytics. */
export async function creativeAnalyticsRows(
  kit: SandboxKit,
  tenant: string,
  accountId: string,
  range: { from: string; to: string },
) {
  const [metrics, ads] = await Promise.all([
    kit.engine.adDailyMetrics(tenant, PLATFORM, accountId, range),
    kit.engine.listAds(tenant, PLATFORM, accountId),
  ]);
  const creativeIds = new Map(ads.map((ad) => [ad.id, ad.creative.id]));
  return metrics
    .map((metric) => ({
      ...metric,
      pivotValue: `${CREATIVE_URN}${creativeIds.get(metric.adId) ?? metric.adId}`,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.pivotValue.localeCompare(b.pivotValue));
}
