import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { minorToDecimal } from "../lib/money.ts";
import { daysCovered, MAX_REPORT_DAYS } from "../sandbox-guards.ts";
import type { SimAccount, SimCampaign, SimDailyMetric } from "../sandbox-kit.ts";

/** Shapes of Meta's Graph API shared by the sandbox's routes: errors, paging, fields, insights rows. */

export interface GraphErrorSpec {
  message: string;
  code: number;
  error_subcode?: number;
  type?: string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** Meta's error envelope; most errors, token errors included, come with HTTP 400. */
export function respondGraphError(
  c: Context,
  spec: GraphErrorSpec,
  status: 400 | 403 | 500 | 503 = 400,
  headers: Record<string, string> = {},
): Response {
  const error = { type: "OAuthException", ...spec, fbtrace_id: randomBytes(8).toString("base64url") };
  return c.json({ error }, status, headers);
}

export function unknownObjectError(id: string, method: "get" | "post"): GraphErrorSpec {
  return {
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: "GraphMethodException",
    code: 100,
    error_subcode: 33,
  };
}

export function isGraphError(value: unknown): value is GraphErrorSpec {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}

/** GET parameters, plus the form (or JSON) body of a POST: the Graph API takes either. */
export async function readGraphParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method !== "POST") return params;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await c.req.json().catch(() => null);
    if (body && typeof body === "object")
      for (const [key, value] of Object.entries(body))
        params[key] = typeof value === "string" ? value : JSON.stringify(value);
  } else if (type.includes("form")) {
    // A form that does not parse carries no parameters; the usual errors then explain what is missing.
    const body = await c.req.parseBody().catch(() => ({}));
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") params[key] = value;
  }
  return params;
}

/** `fields=a,b,c` checked against what the node type has; Meta returns only `id` without it. */
export function readFields(
  params: Record<string, string>,
  allowed: readonly string[],
  fallback = "id",
): string[] | { unknownField: string } {
  const fields = (params.fields ?? fallback)
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  const unknownField = fields.find((field) => !allowed.includes(field));
  return unknownField === undefined ? fields : { unknownField };
}

export function nonexistingFieldError(field: string, nodeType: string): GraphErrorSpec {
  return { message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`, code: 100 };
}

export function pickFields(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) picked[field] = values[field];
  return picked;
}

// ---------------------------------------------------------------------------------------------
// Cursor paging: `limit`, `after`/`before` cursors, and absolute `next`/`previous` URLs.

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 5000;

function encodeCursor(offset: number): string {
  return Buffer.from(`cursor:${offset}`).toString("base64url");
}

function decodeCursor(cursor: string): number | null {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString());
  return match ? Number(match[1]) : null;
}

/** One page of `items` in Meta's `{data, paging}` shape, links built on the URL that was asked. */
export function buildGraphPage<Item>(
  requestUrl: string,
  items: Item[],
  params: Record<string, string>,
): { data: Item[]; paging?: Record<string, unknown> } | GraphErrorSpec {
  const limit = params.limit === undefined ? DEFAULT_LIMIT : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1)
    return { message: "(#100) Param limit must be a positive integer", code: 100 };
  const pageSize = Math.min(limit, MAX_LIMIT);
  let offset = 0;
  if (params.after !== undefined || params.before !== undefined) {
    const cursor = decodeCursor(params.after ?? params.before ?? "");
    if (cursor === null) return { message: "(#100) The cursor is not valid", code: 100 };
    offset = params.after !== undefined ? cursor : Math.max(0, cursor - pageSize);
  }
  const data = items.slice(offset, offset + pageSize);
  if (items.length === 0) return { data };
  const end = offset + data.length;
  const paging: Record<string, unknown> = { cursors: { before: encodeCursor(offset), after: encodeCursor(end) } };
  if (end < items.length) paging.next = pageLink(requestUrl, "after", encodeCursor(end));
  if (offset > 0) paging.previous = pageLink(requestUrl, "before", encodeCursor(offset));
  return { data, paging };
}

function pageLink(requestUrl: string, name: "after" | "before", cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("after");
  url.searchParams.delete("before");
  url.searchParams.set(name, cursor);
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Values: Meta sends numbers as strings, money in currency units ("5339.5") except budgets.

/** "53.40" → "53.4", "12.00" → "12", as Meta prints spend. */
export function formatGraphAmount(minor: number, currency: string): string {
  const decimal = minorToDecimal(minor, currency);
  return decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
}

export function formatGraphCount(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function toGraphStatus(status: SimCampaign["status"]): "ACTIVE" | "PAUSED" | "ARCHIVED" {
  if (status === "enabled") return "ACTIVE";
  return status === "paused" ? "PAUSED" : "ARCHIVED";
}

/**
 * What Meta says delivers: disapproved ads show as DISAPPROVED; a suspended account or a spent
 * budget as WITH_ISSUES, explained in `issues_info`. A campaign its team paused has no issue.
 */
export function effectiveStatusOf(campaign: SimCampaign): string {
  const status = toGraphStatus(campaign.status);
  if (status !== "ACTIVE" || !campaign.issue) return status;
  return campaign.issue === "disapproved" ? "DISAPPROVED" : "WITH_ISSUES";
}

const ISSUE_INFO: Record<string, { error_code: number; error_summary: string; error_message: string }> = {
  account_suspended: {
    error_code: 1487,
    error_summary: "Ad account disabled",
    error_message: "The ad account of this campaign was disabled, so its ads cannot run.",
  },
  budget_exhausted: {
    error_code: 1815,
    error_summary: "Campaign budget spent",
    error_message: "The campaign has spent its budget, so its ads stopped running.",
  },
};

export const CAMPAIGN_FIELDS = [
  "id",
  "account_id",
  "name",
  "status",
  "configured_status",
  "effective_status",
  "issues_info",
  "objective",
  "buying_type",
  "bid_strategy",
  "daily_budget",
  "lifetime_budget",
  "start_time",
] as const;

export function describeCampaign(campaign: SimCampaign): Record<string, unknown> {
  const status = toGraphStatus(campaign.status);
  return {
    id: campaign.id,
    account_id: campaign.accountId,
    name: campaign.name,
    status,
    configured_status: status,
    effective_status: effectiveStatusOf(campaign),
    issues_info:
      effectiveStatusOf(campaign) === "WITH_ISSUES" && campaign.issue
        ? [{ level: "CAMPAIGN", error_type: 0, ...ISSUE_INFO[campaign.issue] }]
        : [],
    objective: "OUTCOME_SALES",
    buying_type: "AUCTION",
    bid_strategy: "LOWEST_COST_WITHOUT_CAP",
    // Campaign budget optimisation: the budget sits on the campaign, in minor units.
    daily_budget: String(campaign.dailyBudgetMinor),
    lifetime_budget: "0",
    start_time: `${campaign.startDate}T00:00:00+0000`,
  };
}

export const AD_ACCOUNT_FIELDS = [
  "id",
  "account_id",
  "name",
  "currency",
  "timezone_name",
  "account_status",
  "business_country_code",
] as const;

export function describeAdAccount(account: SimAccount): Record<string, unknown> {
  return {
    id: `act_${account.id}`,
    account_id: account.id,
    name: account.name,
    currency: account.currency,
    timezone_name: account.timeZone,
    account_status: 1,
    business_country_code: "US",
  };
}

// ---------------------------------------------------------------------------------------------
// Insights (level=campaign, time_increment=1).

export const INSIGHT_FIELDS = [
  "account_id",
  "account_currency",
  "campaign_id",
  "campaign_name",
  "impressions",
  "clicks",
  "inline_link_clicks",
  "spend",
  "cpm",
  "ctr",
  "actions",
  "action_values",
  "purchase_roas",
  "date_start",
  "date_stop",
  // level=ad: the ad, its ad set, the people reached and video plays.
  "adset_id",
  "adset_name",
  "ad_id",
  "ad_name",
  "reach",
  "frequency",
  "video_play_actions",
] as const;

/**
 * Meta reports one purchase under several action types at once; a connector that sums them
 * counts it three or four times. `omni_purchase` is the deduplicated one.
 */
export const PURCHASE_ACTION_TYPES = [
  "purchase",
  "offsite_conversion.fb_pixel_purchase",
  "onsite_web_purchase",
  "omni_purchase",
] as const;

export interface InsightQuery {
  level: "campaign" | "ad";
  since: string;
  until: string;
  fields: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_MONTHS_BACK = 37;

/** Checks the insights parameters the way the edge does; `today` is the sandbox's date. */
export function parseInsightQuery(params: Record<string, string>, today: string): InsightQuery | GraphErrorSpec {
  const level = params.level;
  if (level !== "campaign" && level !== "ad")
    return { message: "(#100) The sandbox serves insights at level=campaign or level=ad only", code: 100 };
  if (params.time_increment !== "1")
    return { message: "(#100) The sandbox serves insights with time_increment=1 only", code: 100 };
  let since = addDays(today, -30);
  let until = addDays(today, -1);
  if (params.time_range !== undefined) {
    let range: unknown;
    try {
      range = JSON.parse(params.time_range);
    } catch {
      range = null;
    }
    const value = range as { since?: unknown; until?: unknown } | null;
    if (!value || typeof value.since !== "string" || typeof value.until !== "string")
      return { message: "(#100) param time_range must be an object with since and until", code: 100 };
    since = value.since;
    until = value.until;
  }
  if (!DATE.test(since) || !DATE.test(until) || Number.isNaN(Date.parse(since)) || Number.isNaN(Date.parse(until)))
    return { message: "(#100) time_range dates must be in the format YYYY-MM-DD", code: 100 };
  if (since > until) return { message: "(#100) The since date must be on or before the until date", code: 100 };
  if (daysCovered(since, until) > MAX_REPORT_DAYS)
    return {
      message: `(#100) Please reduce the amount of data you're asking for: a time_range may span at most ${MAX_REPORT_DAYS} days`,
      code: 100,
    };
  if (since < addMonths(today, -MAX_MONTHS_BACK))
    return {
      message: "(#3018) The start date of the time range cannot be beyond 37 months from the current date",
      code: 3018,
    };
  const fields = readFields(params, INSIGHT_FIELDS, "spend,impressions,date_start,date_stop");
  if (!Array.isArray(fields))
    return {
      message: `(#100) ${fields.unknownField} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
      code: 100,
    };
  return { level, since, until, fields };
}

/**
 * One insights row as Meta prints it: every number a string, zero actions left out. An ad's row
 * (level=ad) adds its `extra` values and, for a video, its 3-second plays as `video_view` actions.
 */
export function describeInsightRow(
  metric: Omit<SimDailyMetric, "conversions"> & { conversions: number; videoViews?: number },
  account: SimAccount,
  campaignName: string,
  fields: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const currency = account.currency;
  // Meta's `clicks` counts every click (likes, shares, profile); link clicks are the engine's clicks.
  const allClicks = metric.clicks + Math.round(metric.clicks * 0.18);
  const spend = Number(minorToDecimal(metric.spendMinor, currency));
  const actions: { action_type: string; value: string }[] = [];
  const actionValues: { action_type: string; value: string }[] = [];
  if (metric.clicks > 0) actions.push({ action_type: "link_click", value: String(metric.clicks) });
  if (metric.videoViews) actions.push({ action_type: "video_view", value: String(metric.videoViews) });
  if (metric.conversions > 0)
    for (const type of PURCHASE_ACTION_TYPES)
      actions.push({ action_type: type, value: formatGraphCount(metric.conversions) });
  if (metric.conversionValueMinor > 0)
    for (const type of PURCHASE_ACTION_TYPES)
      actionValues.push({ action_type: type, value: formatGraphAmount(metric.conversionValueMinor, currency) });
  const values: Record<string, unknown> = {
    account_id: account.id,
    account_currency: currency,
    campaign_id: metric.campaignId,
    campaign_name: campaignName,
    impressions: String(metric.impressions),
    clicks: String(allClicks),
    inline_link_clicks: String(metric.clicks),
    spend: formatGraphAmount(metric.spendMinor, currency),
    cpm: metric.impressions > 0 ? ((spend / metric.impressions) * 1000).toFixed(6) : undefined,
    ctr: metric.impressions > 0 ? ((allClicks / metric.impressions) * 100).toFixed(6) : undefined,
    actions: actions.length > 0 ? actions : undefined,
    action_values: actionValues.length > 0 ? actionValues : undefined,
    purchase_roas:
      metric.spendMinor > 0 && metric.conversionValueMinor > 0
        ? [{ action_type: "omni_purchase", value: (metric.conversionValueMinor / metric.spendMinor).toFixed(6) }]
        : undefined,
    ...extra,
  };
  return { ...pickFields(values, fields), date_start: metric.date, date_stop: metric.date };
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCMonth(value.getUTCMonth() + months);
  return value.toISOString().slice(0, 10);
}
