import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { decimalToMinor, minorToDecimal } from "../lib/money.ts";
import type { SimAccount, SimCampaign } from "../sandbox-kit.ts";
import { EVENT_REPORT_METRICS } from "./tiktok-ads-events.ts";

/** What the TikTok Marketing API sandbox's routes share: limits and field lists, campaign and metric serialization, request readers and the response envelope. */

export const PLATFORM = "tiktok-ads";
/** What the portal shows the grant covers (scopes are configured on the app, not requested). */
export const GRANTED_SCOPES = "advertiser.read,campaign.manage";
/** The numeric scope ids the token endpoint lists. */
export const SCOPE_IDS = [1, 2, 3, 4];
/** With stat_time_day a report may span at most this many days. */
export const MAX_DAILY_REPORT_DAYS = 30;
export const MAX_PAGE_SIZE = 1000;
/** TikTok's smallest campaign daily budget: 50 units of the account currency. */
export const MIN_DAILY_BUDGET = 50;
export const MAX_CAMPAIGN_NAME_LENGTH = 512;
export const OBJECTIVE_TYPES = [
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
export const BUDGET_MODES = [
  "BUDGET_MODE_DAY",
  "BUDGET_MODE_TOTAL",
  "BUDGET_MODE_INFINITE",
  "BUDGET_MODE_DYNAMIC_DAILY_BUDGET",
];

export const ADVERTISER_FIELDS = [
  "advertiser_id",
  "name",
  "currency",
  "timezone",
  "display_timezone",
  "status",
  "company",
];
export const CAMPAIGN_FIELDS = [
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
export const REPORT_METRICS = [
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
export interface TikTokFailure {
  code: number;
  message: string;
  status?: 200 | 404 | 500;
}

export type Params = Record<string, unknown>;

export function checkCampaignName(value: unknown): string | TikTokFailure {
  if (value === undefined) return missingField("campaign_name");
  if (typeof value !== "string" || !value.trim())
    return { code: 40002, message: "campaign_name: Field may not be blank." };
  if (value.length > MAX_CAMPAIGN_NAME_LENGTH)
    return { code: 40002, message: `campaign_name: Longer than maximum length ${MAX_CAMPAIGN_NAME_LENGTH}.` };
  return value;
}

/** A campaign daily budget in major units → minor units, or TikTok's refusal (not a number, under 50). */
export function checkBudget(value: unknown, account: SimAccount): number | TikTokFailure {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
    return { code: 40002, message: "budget: Must be a positive number." };
  if (value < MIN_DAILY_BUDGET)
    return {
      code: 40002,
      message: `budget: The daily budget of a campaign must be at least ${MIN_DAILY_BUDGET.toFixed(2)} ${account.currency}.`,
    };
  return decimalToMinor(value, account.currency);
}

export function describeCampaign(campaign: SimCampaign, account: SimAccount): Record<string, unknown> {
  return {
    advertiser_id: account.id,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    objective_type: "WEB_CONVERSIONS",
    operation_status: campaign.status === "enabled" ? "ENABLE" : "DISABLE",
    secondary_status: secondaryStatusOf(campaign),
    // Major units, as a number.
    budget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
    budget_mode: "BUDGET_MODE_DAY",
    create_time: `${campaign.startDate} 00:00:00`,
  };
}

export function describeMetrics(
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

/** Metrics only an ad-level report (data_level AUCTION_AD) serves: attributes, reach and video plays. */
export const AD_REPORT_METRICS = [
  "campaign_id",
  "campaign_name",
  "adgroup_id",
  "adgroup_name",
  "ad_name",
  "reach",
  "frequency",
  "video_play_actions",
  "video_watched_2s",
  "video_watched_6s",
];

export interface ReportRequest {
  level: "campaign" | "ad";
  startDate: string;
  endDate: string;
  metrics: string[];
}

/** The synchronous report as TikTok checks it, including the 30-day limit with stat_time_day. */
export function readReportRequest(params: Params): ReportRequest | TikTokFailure {
  if (params.report_type !== "BASIC")
    return { code: 40002, message: "report_type: The sandbox serves report_type BASIC only." };
  if (params.data_level !== "AUCTION_CAMPAIGN" && params.data_level !== "AUCTION_AD")
    return { code: 40002, message: "data_level: The sandbox serves data_level AUCTION_CAMPAIGN or AUCTION_AD only." };
  const level = params.data_level === "AUCTION_AD" ? "ad" : "campaign";
  const idDimension = level === "ad" ? "ad_id" : "campaign_id";
  const dimensions = readStringList(params, "dimensions", true);
  if (isFailure(dimensions)) return dimensions;
  if (dimensions.length !== 2 || !dimensions.includes(idDimension) || !dimensions.includes("stat_time_day"))
    return {
      code: 40002,
      message: `dimensions: The sandbox serves dimensions [${idDimension}, stat_time_day] at ${String(params.data_level)} only.`,
    };
  const metrics = readStringList(params, "metrics", true);
  if (isFailure(metrics)) return metrics;
  const allowed =
    level === "ad" ? [...REPORT_METRICS, ...AD_REPORT_METRICS] : [...REPORT_METRICS, ...EVENT_REPORT_METRICS];
  const unknown = metrics.find((metric) => !allowed.includes(metric));
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
  return { level, startDate, endDate, metrics };
}

/** TikTok's page/page_size paging with `page_info`. */
export function paginate<Item>(
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
export async function readParams(c: Context): Promise<Params | TikTokFailure> {
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

export function decodeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function readStringList(params: Params, name: string, isRequired: boolean): string[] | TikTokFailure {
  const value = params[name];
  if (value === undefined) return isRequired ? missingField(name) : [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" && typeof item !== "number"))
    return { code: 40002, message: `${name}: Not a valid list.` };
  if (isRequired && value.length === 0) return { code: 40002, message: `${name}: Shorter than minimum length 1.` };
  return value.map(String);
}

export function readFields(params: Params, allowed: string[]): string[] | TikTokFailure {
  if (params.fields === undefined) return allowed;
  const fields = readStringList(params, "fields", false);
  if (isFailure(fields)) return fields;
  const unknown = fields.find((field) => !allowed.includes(field));
  return unknown === undefined ? fields : { code: 40002, message: `fields: Invalid field ${unknown}.` };
}

export function readObject(params: Params, name: string): Record<string, unknown> | TikTokFailure {
  const value = params[name];
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { code: 40002, message: `${name}: Not a valid mapping type.` };
  return value as Record<string, unknown>;
}

export function pick(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]]));
}

export function missingField(name: string): TikTokFailure {
  return { code: 40002, message: `${name}: Missing data for required field.` };
}

export function isFailure(value: unknown): value is TikTokFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    "code" in value &&
    typeof value.code === "number" &&
    "message" in value
  );
}

export function requestId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  return `${stamp}${randomBytes(10).toString("hex").toUpperCase()}`;
}

export function respond(c: Context, data: unknown): Response {
  return c.json({ code: 0, message: "OK", request_id: requestId(), data });
}

export function respondFailure(c: Context, failure: TikTokFailure): Response {
  return c.json(
    { code: failure.code, message: failure.message, request_id: requestId(), data: {} },
    failure.status ?? 200,
  );
}

/** The portal's own error page (the user sees it, not the app). */
export function respondPortalError(c: Context, message: string): Response {
  const escaped = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head><body><h1>Authorization failed</h1><p>${escaped}</p></body></html>`,
    400,
  );
}

/**
 * TikTok's secondary status: why an enabled campaign does (not) deliver. A spent budget is
 * CAMPAIGN_STATUS_BUDGET_EXCEED, a penalized account ADVERTISER_ACCOUNT_PUNISH; disapprovals are
 * per ad, so they do not show on the campaign.
 */
function secondaryStatusOf(campaign: SimCampaign): string {
  if (campaign.status === "removed") return "CAMPAIGN_STATUS_DELETE";
  if (campaign.status === "paused") return "CAMPAIGN_STATUS_DISABLE";
  if (campaign.issue === "budget_exhausted") return "CAMPAIGN_STATUS_BUDGET_EXCEED";
  if (campaign.issue === "account_suspended") return "ADVERTISER_ACCOUNT_PUNISH";
  return "CAMPAIGN_STATUS_ENABLE";
}
