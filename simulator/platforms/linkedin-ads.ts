import { type Context, Hono } from "hono";
import type { SandboxKit, SimCampaign, SimCampaignStatus } from "../sandbox-kit.ts";
import { registerLinkedInAnalytics } from "./linkedin-ads-analytics.ts";
import {
  ACCOUNT_URN,
  ACTIVE_VERSIONS,
  type ApiEnv,
  asRecord,
  CAMPAIGN_GROUP_URN,
  CAMPAIGN_TYPES,
  COST_TYPES,
  checkCampaignName,
  checkDailyBudget,
  DEFAULT_PAGE_SIZE,
  decodePageToken,
  defaultCampaignGroupId,
  describeCampaign,
  encodePageToken,
  linkedInError,
  MAX_PAGE_SIZE,
  PLATFORM,
  readPatchSet,
  readStatusSearch,
} from "./linkedin-ads-common.ts";
import { registerLinkedInConversions } from "./linkedin-ads-conversions.ts";
import { registerLinkedInCreativeRoutes } from "./linkedin-ads-creatives.ts";
import { registerLinkedInOAuth } from "./linkedin-ads-oauth.ts";
import { parseRestliValue, RestliSyntaxError, readRawQuery } from "./linkedin-ads-restli.ts";

/**
 * The LinkedIn Marketing API sandbox, mounted at /sandbox/linkedin-ads:
 * - OAuth (linkedin-ads-oauth.ts): GET /oauth/v2/authorization (consent), POST /consent,
 *   POST /oauth/v2/accessToken, POST /oauth/v2/revoke.
 * - REST under /rest: every call needs `LinkedIn-Version` (an active YYYYMM; missing → 400,
 *   unknown or sunset → 426) and `X-Restli-Protocol-Version: 2.0.0`, then a Bearer token.
 *   GET /adAccounts?q=search, GET /adAccounts/{id}/adCampaigns?q=search (cursor pageSize/pageToken),
 *   GET /adAnalytics?q=analytics (pivot CAMPAIGN or CREATIVE, DAILY, no pagination) and
 *   q=statistics with pivots=List(CAMPAIGN,CONVERSION) (linkedin-ads-analytics.ts),
 *   GET /conversions?q=account, the conversion rules (linkedin-ads-conversions.ts),
 *   creatives, posts, images and videos (linkedin-ads-creatives.ts),
 *   POST /adAccounts/{id}/adCampaigns/{id} with X-RestLi-Method: PARTIAL_UPDATE → 204.
 * Errors are `{"message","serviceErrorCode","status"}`; throttling is a bare 429 without headers.
 * LinkedIn accounts carry no time zone and report UTC days: the engine's days are served as such.
 */

export function createLinkedInAdsSandbox(kit: SandboxKit): Hono {
  const app = new Hono();
  registerLinkedInOAuth(app, kit);

  // --- REST API ---------------------------------------------------------------------------

  const api = new Hono<ApiEnv>();

  api.use("*", async (c, next) => {
    const version = c.req.header("LinkedIn-Version");
    if (!version)
      return linkedInError(
        c,
        400,
        "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
        { code: "VERSION_MISSING" },
      );
    const month = /^(\d{6})(?:\.\d{2})?$/.exec(version)?.[1];
    if (!month || !ACTIVE_VERSIONS.has(month))
      return linkedInError(c, 426, `Requested version ${version} is not active`, { code: "NONEXISTENT_VERSION" });
    if (c.req.header("X-Restli-Protocol-Version") !== "2.0.0")
      return linkedInError(c, 400, "The versioned APIs require the header X-Restli-Protocol-Version: 2.0.0.");

    const authorization = c.req.header("Authorization") ?? "";
    if (!authorization.startsWith("Bearer ") || authorization.length <= 7)
      return linkedInError(c, 401, "Empty oauth2_access_token");
    const check = await kit.credentials.checkAccessToken(authorization.slice(7), PLATFORM);
    if (!check.ok) {
      if (check.reason === "revoked")
        return linkedInError(c, 401, "The token used in the request has been revoked by the user", {
          serviceErrorCode: 65601,
        });
      if (check.reason === "expired")
        return linkedInError(c, 401, "The token used in the request has expired", { serviceErrorCode: 65602 });
      return linkedInError(c, 401, "Invalid access token", { serviceErrorCode: 65600 });
    }
    const fault = await kit.faults.take({ tenant: check.tenant, platform: PLATFORM });
    if (fault === "throttle")
      return linkedInError(
        c,
        429,
        "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
        {
          serviceErrorCode: 101,
        },
      );
    if (fault === "server_error") return linkedInError(c, 500, "Internal Server Error");
    c.set("tenant", check.tenant);
    await next();
  });

  /** The finder's page, or an error response for a bad pageSize/pageToken. */
  function pageOf<T>(c: Context, elements: T[]) {
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

  function readSearch(c: Context): Set<string> | null | Response {
    const params = readRawQuery(c.req.url);
    if (params.get("q") !== "search") return linkedInError(c, 400, "Invalid finder: use q=search.");
    const raw = params.get("search");
    try {
      const statuses = readStatusSearch(raw === undefined ? undefined : parseRestliValue(raw));
      if (statuses === "invalid")
        return linkedInError(c, 400, "Invalid search criteria: the sandbox supports (status:(values:List(...))).");
      return statuses;
    } catch (error) {
      if (error instanceof RestliSyntaxError)
        return linkedInError(c, 400, `Invalid query parameter search: ${error.message}`);
      throw error;
    }
  }

  api.get("/adAccounts", (c) => {
    const statuses = readSearch(c);
    if (statuses instanceof Response) return statuses;
    const accounts = kit.engine.listAccounts(c.get("tenant"), PLATFORM);
    const elements = accounts
      .map((account) => ({
        id: Number(account.id),
        name: account.name,
        currency: account.currency,
        status: "ACTIVE",
        type: "BUSINESS",
        reference: `urn:li:organization:${account.id.slice(-6)}`,
        test: false,
        servingStatuses: ["RUNNABLE"],
        notifiedOnCampaignOptimization: false,
        notifiedOnCreativeApproval: false,
        notifiedOnCreativeRejection: true,
        notifiedOnEndOfCampaign: false,
        version: { versionTag: "1" },
      }))
      .filter((account) => !statuses || statuses.has(account.status));
    return pageOf(c, elements);
  });

  async function campaignsOf(tenant: string, accountId: string): Promise<SimCampaign[] | null> {
    const accounts = kit.engine.listAccounts(tenant, PLATFORM);
    if (!accounts.some((account) => account.id === accountId)) return null;
    return kit.engine.listCampaigns(tenant, PLATFORM, accountId);
  }

  api.get("/adAccounts/:accountId/adCampaigns", async (c) => {
    const statuses = readSearch(c);
    if (statuses instanceof Response) return statuses;
    const accountId = c.req.param("accountId");
    const account = kit.engine.listAccounts(c.get("tenant"), PLATFORM).find((candidate) => candidate.id === accountId);
    const campaigns = await campaignsOf(c.get("tenant"), accountId);
    if (!account || !campaigns)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}/adCampaigns`, {
        serviceErrorCode: 100,
      });
    const elements = campaigns
      .map((campaign) => describeCampaign(campaign, account))
      .filter((campaign) => !statuses || statuses.has(campaign.status));
    return pageOf(c, elements);
  });

  api.get("/adAccounts/:accountId/adCampaignGroups", (c) => {
    const statuses = readSearch(c);
    if (statuses instanceof Response) return statuses;
    const accountId = c.req.param("accountId");
    const account = kit.engine.listAccounts(c.get("tenant"), PLATFORM).find((candidate) => candidate.id === accountId);
    if (!account)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}/adCampaignGroups`, {
        serviceErrorCode: 100,
      });
    const groups = [
      {
        id: Number(defaultCampaignGroupId(accountId)),
        name: "Default Campaign Group",
        account: `${ACCOUNT_URN}${accountId}`,
        status: "ACTIVE",
        test: false,
      },
    ].filter((group) => !statuses || statuses.has(group.status));
    return pageOf(c, groups);
  });

  api.get("/adAccounts/:accountId/adCampaigns/:campaignId", async (c) => {
    const accountId = c.req.param("accountId");
    const account = kit.engine.listAccounts(c.get("tenant"), PLATFORM).find((candidate) => candidate.id === accountId);
    const campaigns = await campaignsOf(c.get("tenant"), accountId);
    if (!account || !campaigns)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}/adCampaigns`, {
        serviceErrorCode: 100,
      });
    const campaign = campaigns.find((candidate) => candidate.id === c.req.param("campaignId"));
    if (!campaign) return linkedInError(c, 404, `Campaign ${c.req.param("campaignId")} does not exist.`);
    return c.json(describeCampaign(campaign, account));
  });

  // A new campaign: 201 with its id in the x-restli-id header and no body.
  api.post("/adAccounts/:accountId/adCampaigns", async (c) => {
    const tenant = c.get("tenant");
    const method = c.req.header("X-RestLi-Method")?.toUpperCase();
    if (method !== undefined && method !== "CREATE")
      return linkedInError(c, 400, `The method ${method} is not supported on this collection.`);
    const accountId = c.req.param("accountId");
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === accountId);
    if (!account)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}/adCampaigns`, {
        serviceErrorCode: 100,
      });
    const body = asRecord(await c.req.json().catch(() => null));
    if (body.account !== `${ACCOUNT_URN}${accountId}`)
      return linkedInError(c, 400, `account must be ${ACCOUNT_URN}${accountId}, the account in the path.`);
    if (body.campaignGroup !== `${CAMPAIGN_GROUP_URN}${defaultCampaignGroupId(accountId)}`)
      return linkedInError(
        c,
        400,
        `campaignGroup ${String(body.campaignGroup)} is not a campaign group of this account.`,
      );
    const name = checkCampaignName(body.name);
    if (typeof name !== "string") return linkedInError(c, 400, name.problem);
    if (!CAMPAIGN_TYPES.has(String(body.type)))
      return linkedInError(c, 400, `type must be one of ${[...CAMPAIGN_TYPES].join(", ")}.`);
    if (!COST_TYPES.has(String(body.costType)))
      return linkedInError(c, 400, `costType must be one of ${[...COST_TYPES].join(", ")}.`);
    if (body.dailyBudget === undefined)
      return linkedInError(c, 400, "The sandbox creates campaigns with a dailyBudget only.");
    const budget = checkDailyBudget(body.dailyBudget, account);
    if (typeof budget !== "number") return linkedInError(c, 400, budget.problem);
    if (body.status !== "ACTIVE" && body.status !== "PAUSED")
      return linkedInError(c, 400, "status must be ACTIVE or PAUSED for a new campaign in the sandbox.");
    if (typeof asRecord(body.runSchedule).start !== "number")
      return linkedInError(c, 400, "runSchedule.start is required (epoch milliseconds).");
    const locale = asRecord(body.locale);
    if (typeof locale.country !== "string" || typeof locale.language !== "string")
      return linkedInError(c, 400, "locale is required: {country, language}.");
    const created = await kit.engine.createCampaign(tenant, PLATFORM, accountId, {
      name,
      status: body.status === "ACTIVE" ? "enabled" : "paused",
      dailyBudgetMinor: budget,
    });
    if (!created) return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}`);
    return c.body(null, 201, { "x-restli-id": created.id, "x-linkedin-id": created.id });
  });

  api.post("/adAccounts/:accountId/adCampaigns/:campaignId", async (c) => {
    const tenant = c.get("tenant");
    if (c.req.header("X-RestLi-Method")?.toUpperCase() !== "PARTIAL_UPDATE")
      return linkedInError(c, 400, "Campaign updates require the header X-RestLi-Method: PARTIAL_UPDATE.");
    const accountId = c.req.param("accountId");
    const campaignId = c.req.param("campaignId");
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === accountId);
    const campaigns = await campaignsOf(tenant, accountId);
    if (!account || !campaigns)
      return linkedInError(c, 403, `Not enough permissions to access: adAccounts/${accountId}`, {
        serviceErrorCode: 100,
      });
    if (!campaigns.some((campaign) => campaign.id === campaignId))
      return linkedInError(c, 404, `Campaign ${campaignId} does not exist in account ${accountId}.`);
    const body: unknown = await c.req.json().catch(() => null);
    const set = readPatchSet(body);
    if (!set) return linkedInError(c, 400, 'The body must be {"patch":{"$set":{...}}}.');

    let status: SimCampaignStatus | null = null;
    let dailyBudgetMinor: number | null = null;
    let name: string | null = null;
    for (const [field, value] of Object.entries(set)) {
      if (field === "status") {
        const mapped = { ACTIVE: "enabled", PAUSED: "paused", ARCHIVED: "removed" }[String(value)] as
          | SimCampaignStatus
          | undefined;
        if (!mapped)
          return linkedInError(
            c,
            400,
            `Invalid value for field status: ${String(value)}. Use ACTIVE, PAUSED or ARCHIVED.`,
          );
        status = mapped;
      } else if (field === "dailyBudget") {
        const budget = checkDailyBudget(value, account);
        if (typeof budget !== "number") return linkedInError(c, 400, budget.problem);
        dailyBudgetMinor = budget;
      } else if (field === "name") {
        const checked = checkCampaignName(value);
        if (typeof checked !== "string") return linkedInError(c, 400, checked.problem);
        name = checked;
      } else {
        return linkedInError(c, 400, `Field ${field} cannot be updated in this sandbox.`);
      }
    }
    if (status) await kit.engine.setCampaignStatus(tenant, PLATFORM, campaignId, status);
    if (dailyBudgetMinor !== null)
      await kit.engine.setCampaignDailyBudget(tenant, PLATFORM, campaignId, dailyBudgetMinor);
    if (name !== null) await kit.engine.setCampaignName(tenant, PLATFORM, campaignId, name);
    return c.body(null, 204);
  });

  registerLinkedInAnalytics(api, kit);
  registerLinkedInConversions(api, kit);
  registerLinkedInCreativeRoutes(api, kit);

  // A sub-app's notFound is not consulted when mounted, so a catch-all answers in LinkedIn's shape.
  api.all("*", (c) => linkedInError(c, 404, "No virtual resource found", { code: "RESOURCE_NOT_FOUND" }));
  app.route("/rest", api);
  return app;
}
