import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { decimalToMinor, minorToDecimal } from "../lib/money.ts";
import type { SandboxKit, SimAccount, SimCampaign } from "../sandbox-kit.ts";

const PLATFORM = "tiktok-ads";
/** What the portal shows the grant covers (scopes are configured on the app, not requested). */
const GRANTED_SCOPES = "advertiser.read,campaign.manage";
/** The numeric scope ids the token endpoint lists. */
const SCOPE_IDS = [1, 2, 3, 4];
/** With stat_time_day a report may span at most this many days. */
const MAX_DAILY_REPORT_DAYS = 30;
const MAX_PAGE_SIZE = 1000;
/** TikTok's smallest campaign daily budget: 50 units of the account currency. */
const MIN_DAILY_BUDGET = 50;
const MAX_CAMPAIGN_NAME_LENGTH = 512;
const OBJECTIVE_TYPES = [
  "APP_PROMOTION",
  "WEB_CONVERSIONS",
  "PRODUCT_SALES",
  "REACH",
  "RF_REACH",
  "VIDEO_VIEWS",
  "TRAFFIC",
  "ENGAGEMENT",
  "LEAD_GENERATION",
];
const BUDGET_MODES = [
  "BUDGET_MODE_DAY",
  "BUDGET_MODE_TOTAL",
  "BUDGET_MODE_INFINITE",
  "BUDGET_MODE_DYNAMIC_DAILY_BUDGET",
];

const ADVERTISER_FIELDS = ["advertiser_id", "name", "currency", "timezone", "display_timezone", "status", "company"];
const CAMPAIGN_FIELDS = [
  "advertiser_id",
  "campaign_id",
  "campaign_name",
  "objective_type",
  "operation_status",
  "secondary_status",
  "budget",
  "budget_mode",
  "create_time",
];
const REPORT_METRICS = [
  "spend",
  "impressions",
  "clicks",
  "conversion",
  "complete_payment",
  "total_complete_payment_rate",
  "complete_payment_roas",
  "cpc",
  "cpm",
  "ctr",
];

/** A failed check: TikTok's code and message (HTTP stays 200 unless given). */
interface TikTokFailure {
  code: number;
  message: string;
  status?: 200 | 404 | 500;
}

type Params = Record<string, unknown>;

/**
 * TikTok API for Business v1.3, mounted at /sandbox/tiktok-ads: the authorization portal at
 * `portal/auth` and the API under `open_api/v1.3/`. Every answer is `{code,message,request_id,data}`.
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
  function route(handler: (input: { tenant: string; params: Params }) => Promise<unknown>) {
    return async (c: Context) => {
      const tenant = await authenticate(c);
      if (typeof tenant !== "string") return respondFailure(c, tenant);
      const params = await readParams(c);
      if (isFailure(params)) return respondFailure(c, params);
      const data = await handler({ tenant, params });
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
      const metrics = await kit.engine.dailyMetrics(tenant, PLATFORM, account.id, {
        from: request.startDate,
        to: request.endDate,
      });
      const rows = [...metrics]
        .sort((a, b) => a.date.localeCompare(b.date) || a.campaignId.localeCompare(b.campaignId))
        .map((metric) => ({
          dimensions: { campaign_id: metric.campaignId, stat_time_day: `${metric.date} 00:00:00` },
          metrics: pick(describeMetrics(metric, account.currency), request.metrics),
        }));
      return paginate(rows, params);
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

  api.all("*", (c) => respondFailure(c, { code: 40400, message: "Not Found", status: 404 }));

  app.route("/open_api/v1.3", api);
  app.all("*", (c) => respondFailure(c, { code: 40400, message: "Not Found", status: 404 }));
  return app;
}

function checkCampaignName(value: unknown): string | TikTokFailure {
  if (value === undefined) return missingField("campaign_name");
  if (typeof value !== "string" || !value.trim())
    return { code: 40002, message: "campaign_name: Field may not be blank." };
  if (value.length > MAX_CAMPAIGN_NAME_LENGTH)
    return { code: 40002, message: `campaign_name: Longer than maximum length ${MAX_CAMPAIGN_NAME_LENGTH}.` };
  return value;
}

/** A campaign daily budget in major units → minor units, or TikTok's refusal (not a number, under 50). */
function checkBudget(value: unknown, account: SimAccount): number | TikTokFailure {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
    return { code: 40002, message: "budget: Must be a positive number." };
  if (value < MIN_DAILY_BUDGET)
    return {
      code: 40002,
      message: `budget: The daily budget of a campaign must be at least ${MIN_DAILY_BUDGET.toFixed(2)} ${account.currency}.`,
    };
  return decimalToMinor(value, account.currency);
}

function describeCampaign(campaign: SimCampaign, account: SimAccount): Record<string, unknown> {
  return {
    advertiser_id: account.id,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    objective_type: "WEB_CONVERSIONS",
    operation_status: campaign.status === "enabled" ? "ENABLE" : "DISABLE",
    secondary_status:
      campaign.status === "enabled"
        ? "CAMPAIGN_STATUS_ENABLE"
        : campaign.status === "paused"
          ? "CAMPAIGN_STATUS_DISABLE"
          : "CAMPAIGN_STATUS_DELETE",
    // Major units, as a number.
    budget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
    budget_mode: "BUDGET_MODE_DAY",
    create_time: `${campaign.startDate} 00:00:00`,
  };
}

function describeMetrics(
  metric: {
    impressions: number;
    clicks: number;
    spendMinor: number;
    conversions: number;
    conversionValueMinor: number;
  },
  currency: string,
): Record<string, string> {
  const spend = Number(minorToDecimal(metric.spendMinor, currency));
  const value = Number(minorToDecimal(metric.conversionValueMinor, currency));
  const conversions = String(Math.round(metric.conversions * 100) / 100);
  const ratio = (numerator: number, denominator: number, scale = 1) =>
    denominator > 0 ? ((numerator / denominator) * scale).toFixed(2) : "0.00";
  return {
    spend: minorToDecimal(metric.spendMinor, currency),
    impressions: String(metric.impressions),
    clicks: String(metric.clicks),
    conversion: conversions,
    complete_payment: conversions,
    // TikTok's name for the purchase value.
    total_complete_payment_rate: minorToDecimal(metric.conversionValueMinor, currency),
    complete_payment_roas: ratio(value, spend),
    cpc: ratio(spend, metric.clicks),
    cpm: ratio(spend, metric.impressions, 1000),
    ctr: ratio(metric.clicks, metric.impressions, 100),
  };
}

interface ReportRequest {
  startDate: string;
  endDate: string;
  metrics: string[];
}

/** The synchronous report as TikTok checks it, including the 30-day limit with stat_time_day. */
function readReportRequest(params: Params): ReportRequest | TikTokFailure {
  if (params.report_type !== "BASIC")
    return { code: 40002, message: "report_type: The sandbox serves report_type BASIC only." };
  if (params.data_level !== "AUCTION_CAMPAIGN")
    return { code: 40002, message: "data_level: The sandbox serves data_level AUCTION_CAMPAIGN only." };
  const dimensions = readStringList(params, "dimensions", true);
  if (isFailure(dimensions)) return dimensions;
  if (dimensions.length !== 2 || !dimensions.includes("campaign_id") || !dimensions.includes("stat_time_day"))
    return { code: 40002, message: "dimensions: The sandbox serves dimensions [campaign_id, stat_time_day] only." };
  const metrics = readStringList(params, "metrics", true);
  if (isFailure(metrics)) return metrics;
  const unknown = metrics.find((metric) => !REPORT_METRICS.includes(metric));
  if (unknown !== undefined) return { code: 40002, message: `metrics: Invalid metric ${unknown}.` };
  if (params.query_lifetime === true || params.query_lifetime === "true")
    return { code: 40002, message: "query_lifetime cannot be used with the stat_time_day dimension." };
  const startDate = params.start_date;
  const endDate = params.end_date;
  if (typeof startDate !== "string" || startDate === "") return missingField("start_date");
  if (typeof endDate !== "string" || endDate === "") return missingField("end_date");
  for (const [name, value] of [
    ["start_date", startDate],
    ["end_date", endDate],
  ] as const)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
      return { code: 40002, message: `${name}: Not a valid date, expected YYYY-MM-DD.` };
  if (startDate > endDate) return { code: 40002, message: "end_date must be later than or equal to start_date." };
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
  if (days > MAX_DAILY_REPORT_DAYS)
    return {
      code: 40002,
      message: `The time span between start_date and end_date cannot exceed ${MAX_DAILY_REPORT_DAYS} days when the dimensions contain stat_time_day.`,
    };
  return { startDate, endDate, metrics };
}

/** TikTok's page/page_size paging with `page_info`. */
function paginate<Item>(
  items: Item[],
  params: Params,
): { list: Item[]; page_info: Record<string, number> } | TikTokFailure {
  const page = params.page === undefined ? 1 : Number(params.page);
  const pageSize = params.page_size === undefined ? 10 : Number(params.page_size);
  if (!Number.isInteger(page) || page < 1) return { code: 40002, message: "page: Must be greater than or equal to 1." };
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    return {
      code: 40002,
      message: `page_size: Must be greater than or equal to 1 and less than or equal to ${MAX_PAGE_SIZE}.`,
    };
  return {
    list: items.slice((page - 1) * pageSize, page * pageSize),
    page_info: {
      page,
      page_size: pageSize,
      total_number: items.length,
      total_page: Math.ceil(items.length / pageSize),
    },
  };
}

/** Query parameters (JSON-encoded lists and objects decoded) for GET, the JSON body for POST. */
async function readParams(c: Context): Promise<Params | TikTokFailure> {
  if (c.req.method === "GET") {
    const params: Params = {};
    for (const [key, value] of Object.entries(c.req.query()))
      params[key] = value.startsWith("[") || value.startsWith("{") ? decodeJson(value) : value;
    return params;
  }
  const body: unknown = await c.req.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body))
    return { code: 40002, message: "The request body must be a JSON object." };
  return body as Params;
}

function decodeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function readStringList(params: Params, name: string, isRequired: boolean): string[] | TikTokFailure {
  const value = params[name];
  if (value === undefined) return isRequired ? missingField(name) : [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" && typeof item !== "number"))
    return { code: 40002, message: `${name}: Not a valid list.` };
  if (isRequired && value.length === 0) return { code: 40002, message: `${name}: Shorter than minimum length 1.` };
  return value.map(String);
}

function readFields(params: Params, allowed: string[]): string[] | TikTokFailure {
  if (params.fields === undefined) return allowed;
  const fields = readStringList(params, "fields", false);
  if (isFailure(fields)) return fields;
  const unknown = fields.find((field) => !allowed.includes(field));
  return unknown === undefined ? fields : { code: 40002, message: `fields: Invalid field ${unknown}.` };
}

function readObject(params: Params, name: string): Record<string, unknown> | TikTokFailure {
  const value = params[name];
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { code: 40002, message: `${name}: Not a valid mapping type.` };
  return value as Record<string, unknown>;
}

function pick(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]]));
}

function missingField(name: string): TikTokFailure {
  return { code: 40002, message: `${name}: Missing data for required field.` };
}

function isFailure(value: unknown): value is TikTokFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    "code" in value &&
    typeof value.code === "number" &&
    "message" in value
  );
}

function requestId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  return `${stamp}${randomBytes(10).toString("hex").toUpperCase()}`;
}

function respond(c: Context, data: unknown): Response {
  return c.json({ code: 0, message: "OK", request_id: requestId(), data });
}

function respondFailure(c: Context, failure: TikTokFailure): Response {
  return c.json(
    { code: failure.code, message: failure.message, request_id: requestId(), data: {} },
    failure.status ?? 200,
  );
}

/** The portal's own error page (the user sees it, not the app). */
function respondPortalError(c: Context, message: string): Response {
  const escaped = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head><body><h1>Authorization failed</h1><p>${escaped}</p></body></html>`,
    400,
  );
}
