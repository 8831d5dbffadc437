import { type Context, Hono } from "hono";
import { minorToDecimal } from "../lib/money.ts";
import type { SandboxKit, SimAccount } from "../sandbox-kit.ts";
import { describeAdReportRows, registerTikTokAdRoutes } from "./tiktok-ads-ads.ts";
import {
  ADVERTISER_FIELDS,
  BUDGET_MODES,
  CAMPAIGN_FIELDS,
  checkBudget,
  checkCampaignName,
  describeCampaign,
  GRANTED_SCOPES,
  isFailure,
  missingField,
  OBJECTIVE_TYPES,
  type Params,
  PLATFORM,
  paginate,
  pick,
  readFields,
  readObject,
  readParams,
  readReportRequest,
  readStringList,
  respond,
  respondFailure,
  respondPortalError,
  SCOPE_IDS,
  type TikTokFailure,
} from "./tiktok-ads-common.ts";
import { describeCampaignReportRows, registerTikTokConversionRoutes } from "./tiktok-ads-conversions.ts";

/**
 * TikTok API for Business v1.3, mounted at /sandbox/tiktok-ads: the authorization portal at
 * `portal/auth` and the API under `open_api/v1.3/`. Every answer is `{code,message,request_id,data}`.
 * Ad groups, ads, their files and ad-level reports: tiktok-ads-ads.ts; the pixel, its events and
 * the campaign reports' event metrics: tiktok-ads-conversions.ts.
 */
export function createTikTokAdsSandbox(kit: SandboxKit): Hono {
  const app = new Hono();
  const api = new Hono();
  const credentials = kit.appCredentials(PLATFORM);

  /** Access-Token header, then injected faults. */
  async function authenticate(c: Context): Promise<string | TikTokFailure> {
    const token = c.req.header("access-token");
    if (!token) return { code: 40104, message: "Access token is empty. Please send it in the Access-Token header." };
    const check = await kit.credentials.checkAccessToken(token, PLATFORM);
    if (!check.ok)
      return check.reason === "expired"
        ? { code: 40102, message: "Access token has expired." }
        : { code: 40105, message: "Access token is incorrect or has been revoked." };
    const fault = await kit.faults.take({ tenant: check.tenant, platform: PLATFORM });
    if (fault === "throttle") return { code: 40100, message: "Too many requests. Please retry in some time." };
    if (fault === "server_error")
      return { code: 50000, message: "Internal service error. Please try again later.", status: 500 };
    return check.tenant;
  }

  /** The advertiser named by `advertiser_id`, if this grant covers it. */
  function findAdvertiser(tenant: string, params: Params): SimAccount | TikTokFailure {
    const id = params.advertiser_id;
    if (id === undefined || id === "") return missingField("advertiser_id");
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === String(id));
    return account ?? { code: 40001, message: `No permission to operate advertiser ${String(id)}.` };
  }

  /** A handler that authenticates, reads the parameters and answers in the envelope. */
  function route(handler: (input: { tenant: string; params: Params; url: string }) => Promise<unknown>) {
    return async (c: Context) => {
      const tenant = await authenticate(c);
      if (typeof tenant !== "string") return respondFailure(c, tenant);
      const params = await readParams(c);
      if (isFailure(params)) return respondFailure(c, params);
      const data = await handler({ tenant, params, url: c.req.url });
      return isFailure(data) ? respondFailure(c, data) : respond(c, data);
    };
  }

  // --- Authorization portal and its consent form ------------------------------------------------

  app.get("/portal/auth", (c) => {
    const appId = c.req.query("app_id");
    const redirectUri = c.req.query("redirect_uri");
    if (appId !== credentials.clientId)
      return respondPortalError(c, "The app_id is invalid, or the app has not been approved.");
    if (!redirectUri || !kit.isAppCallback(PLATFORM, redirectUri))
      return respondPortalError(c, "The redirect_uri is missing or does not match the app's advertiser redirect URL.");
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId: appId,
      redirectUri,
      state: c.req.query("state") ?? "",
      scope: GRANTED_SCOPES,
    });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const url = new URL(decision.redirectUri);
      // TikTok sends the code twice (auth_code and code); a denial simply comes back without it.
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        url.searchParams.set("auth_code", code);
        url.searchParams.set("code", code);
      }
      url.searchParams.set("state", decision.state);
      return url.toString();
    }),
  );

  // --- OAuth ---------------------------------------------------------------------------------------

  api.post("/oauth2/access_token/", async (c) => {
    const params = await readParams(c);
    if (isFailure(params)) return respondFailure(c, params);
    for (const field of ["app_id", "secret", "auth_code"])
      if (typeof params[field] !== "string" || params[field] === "") return respondFailure(c, missingField(field));
    if (params.app_id !== credentials.clientId || params.secret !== credentials.clientSecret)
      return respondFailure(c, { code: 40101, message: "Invalid app_id or secret." });
    const tenant = kit.credentials.redeemCode(String(params.auth_code), {
      platform: PLATFORM,
      clientId: credentials.clientId,
    });
    if (!tenant) return respondFailure(c, { code: 40110, message: "The auth_code is invalid or has expired." });
    // Long-term: no expiry and no refresh token.
    const issued = kit.credentials.issueTokens({
      tenant,
      platform: PLATFORM,
      accessTtlSeconds: null,
      withRefreshToken: false,
    });
    return respond(c, {
      access_token: issued.accessToken,
      advertiser_ids: kit.engine.listAccounts(tenant, PLATFORM).map((account) => account.id),
      scope: SCOPE_IDS,
    });
  });

  // Revokes a long-term token: the grant ends, and every call with it answers 40105.
  api.post("/oauth2/revoke_token/", async (c) => {
    const params = await readParams(c);
    if (isFailure(params)) return respondFailure(c, params);
    for (const field of ["app_id", "secret", "access_token"])
      if (typeof params[field] !== "string" || params[field] === "") return respondFailure(c, missingField(field));
    if (params.app_id !== credentials.clientId || params.secret !== credentials.clientSecret)
      return respondFailure(c, { code: 40101, message: "Invalid app_id or secret." });
    const check = await kit.credentials.checkAccessToken(String(params.access_token), PLATFORM);
    if (!check.ok) return respondFailure(c, { code: 40105, message: "Access token is incorrect or has been revoked." });
    await kit.credentials.revokeGrant(check.tenant, PLATFORM);
    return respond(c, {});
  });

  api.get(
    "/oauth2/advertiser/get/",
    route(async ({ tenant, params }) => {
      if (params.app_id !== credentials.clientId || params.secret !== credentials.clientSecret)
        return { code: 40101, message: "Invalid app_id or secret." };
      const list = kit.engine
        .listAccounts(tenant, PLATFORM)
        .map((account) => ({ advertiser_id: account.id, advertiser_name: account.name }));
      return { list };
    }),
  );

  // --- Advertisers, campaigns, reports --------------------------------------------------------------

  api.get(
    "/advertiser/info/",
    route(async ({ tenant, params }) => {
      const ids = readStringList(params, "advertiser_ids", true);
      if (isFailure(ids)) return ids;
      if (ids.length > 100) return { code: 40002, message: "advertiser_ids: Longer than maximum length 100." };
      const fields = readFields(params, ADVERTISER_FIELDS);
      if (isFailure(fields)) return fields;
      const accounts = kit.engine.listAccounts(tenant, PLATFORM);
      const list = [];
      for (const id of ids) {
        const account = accounts.find((candidate) => candidate.id === id);
        if (!account) return { code: 40001, message: `No permission to operate advertiser ${id}.` };
        list.push(
          pick(
            {
              advertiser_id: account.id,
              name: account.name,
              currency: account.currency,
              timezone: account.timeZone,
              display_timezone: account.timeZone,
              status: "STATUS_ENABLE",
              company: account.name,
            },
            fields,
          ),
        );
      }
      return { list };
    }),
  );

  api.get(
    "/campaign/get/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const fields = readFields(params, CAMPAIGN_FIELDS);
      if (isFailure(fields)) return fields;
      const filtering = readObject(params, "filtering");
      if (isFailure(filtering)) return filtering;
      const primaryStatus = filtering.primary_status ?? "STATUS_NOT_DELETE";
      if (!["STATUS_ALL", "STATUS_NOT_DELETE", "STATUS_DELETE"].includes(String(primaryStatus)))
        return { code: 40002, message: `filtering.primary_status: Invalid enum value ${String(primaryStatus)}.` };
      const campaignIds = filtering.campaign_ids === undefined ? null : readStringList(filtering, "campaign_ids", true);
      if (isFailure(campaignIds)) return { ...campaignIds, message: `filtering.${campaignIds.message}` };
      if (campaignIds && campaignIds.length > 100)
        return { code: 40002, message: "filtering.campaign_ids: Longer than maximum length 100." };
      const campaigns = (await kit.engine.listCampaigns(tenant, PLATFORM, account.id))
        .filter((campaign) => {
          if (campaignIds && !campaignIds.includes(campaign.id)) return false;
          if (primaryStatus === "STATUS_ALL") return true;
          return (campaign.status === "removed") === (primaryStatus === "STATUS_DELETE");
        })
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((campaign) => pick(describeCampaign(campaign, account), fields));
      return paginate(campaigns, params);
    }),
  );

  api.get(
    "/report/integrated/get/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const request = readReportRequest(params);
      if (isFailure(request)) return request;
      if (request.level === "ad") return paginate(await describeAdReportRows(kit, tenant, account, request), params);
      return paginate(await describeCampaignReportRows(kit, tenant, account, request), params);
    }),
  );

  // --- Mutations --------------------------------------------------------------------------------------

  api.post(
    "/campaign/status/update/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const ids = readStringList(params, "campaign_ids", true);
      if (isFailure(ids)) return ids;
      const operation = params.operation_status;
      if (operation !== "ENABLE" && operation !== "DISABLE" && operation !== "DELETE")
        return {
          code: 40002,
          message: "operation_status: Must be one of: ENABLE, DISABLE, DELETE.",
        };
      const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
      const unknown = ids.filter((id) => !campaigns.some((campaign) => campaign.id === id));
      if (unknown.length > 0) return { code: 40002, message: `Campaign ${unknown.join(", ")} does not exist.` };
      const deleted = ids.filter((id) =>
        campaigns.some((campaign) => campaign.id === id && campaign.status === "removed"),
      );
      if (deleted.length > 0 && operation !== "DELETE")
        return { code: 40002, message: `Campaign ${deleted.join(", ")} has been deleted and cannot be modified.` };
      const status = operation === "ENABLE" ? "enabled" : operation === "DISABLE" ? "paused" : "removed";
      for (const id of ids) await kit.engine.setCampaignStatus(tenant, PLATFORM, id, status);
      return { campaign_ids: ids, status: operation };
    }),
  );

  api.post(
    "/campaign/create/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const name = checkCampaignName(params.campaign_name);
      if (isFailure(name)) return name;
      if (params.objective_type === undefined) return missingField("objective_type");
      if (!OBJECTIVE_TYPES.includes(String(params.objective_type)))
        return { code: 40002, message: `objective_type: Must be one of: ${OBJECTIVE_TYPES.join(", ")}.` };
      if (params.budget_mode === undefined) return missingField("budget_mode");
      if (!BUDGET_MODES.includes(String(params.budget_mode)))
        return { code: 40002, message: `budget_mode: Must be one of: ${BUDGET_MODES.join(", ")}.` };
      if (params.budget_mode !== "BUDGET_MODE_DAY")
        return { code: 40002, message: "budget_mode: The sandbox creates campaigns with a daily budget only." };
      if (params.budget === undefined) return missingField("budget");
      const budget = checkBudget(params.budget, account);
      if (isFailure(budget)) return budget;
      const operation = params.operation_status ?? "ENABLE";
      if (operation !== "ENABLE" && operation !== "DISABLE")
        return { code: 40002, message: "operation_status: Must be one of: ENABLE, DISABLE." };
      const created = await kit.engine.createCampaign(tenant, PLATFORM, account.id, {
        name,
        status: operation === "ENABLE" ? "enabled" : "paused",
        dailyBudgetMinor: budget,
      });
      if (!created) return { code: 40001, message: `No permission to operate advertiser ${account.id}.` };
      return describeCampaign(created, account);
    }),
  );

  api.post(
    "/campaign/update/",
    route(async ({ tenant, params }) => {
      const account = findAdvertiser(tenant, params);
      if (isFailure(account)) return account;
      const id = params.campaign_id;
      if (typeof id !== "string" || id === "") return missingField("campaign_id");
      if (params.budget_mode !== undefined)
        return { code: 40002, message: "budget_mode cannot be updated. Please remove it from the request." };
      const campaigns = await kit.engine.listCampaigns(tenant, PLATFORM, account.id);
      const campaign = campaigns.find((candidate) => candidate.id === id);
      if (!campaign) return { code: 40002, message: `Campaign ${id} does not exist.` };
      if (campaign.status === "removed")
        return { code: 40002, message: `Campaign ${id} has been deleted and cannot be modified.` };
      const budget = params.budget === undefined ? null : checkBudget(params.budget, account);
      if (isFailure(budget)) return budget;
      const name = params.campaign_name === undefined ? null : checkCampaignName(params.campaign_name);
      if (isFailure(name)) return name;
      if (budget !== null) await kit.engine.setCampaignDailyBudget(tenant, PLATFORM, id, budget);
      if (name !== null && name !== campaign.name) await kit.engine.setCampaignName(tenant, PLATFORM, id, name);
      return {
        campaign_id: id,
        budget: params.budget ?? Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
      };
    }),
  );

  registerTikTokAdRoutes(api, kit, route, findAdvertiser);
  registerTikTokConversionRoutes(api, kit, route, findAdvertiser);

  api.all("*", (c) => respondFailure(c, { code: 40400, message: "Not Found", status: 404 }));

  app.route("/open_api/v1.3", api);
  app.all("*", (c) => respondFailure(c, { code: 40400, message: "Not Found", status: 404 }));
  return app;
}
