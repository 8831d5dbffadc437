import type { Context, Hono } from "hono";
import { currencyExponent, minorToDecimal } from "../lib/money.ts";
import { daysCovered, MAX_REPORT_DAYS } from "../sandbox-guards.ts";
import type { SandboxKit } from "../sandbox-kit.ts";
import {
  ACCOUNT_URN,
  ANALYTICS_FIELDS,
  type ApiEnv,
  CAMPAIGN_URN,
  linkedInError,
  PLATFORM,
  readDate,
  toRestliDateObject,
  USD_PER_UNIT,
} from "./linkedin-ads-common.ts";
import { conversionAnalyticsRows } from "./linkedin-ads-conversions.ts";
import { creativeAnalyticsRows } from "./linkedin-ads-creatives.ts";
import {
  isRestliRecord,
  parseRestliValue,
  RestliSyntaxError,
  type RestliValue,
  readRawQuery,
} from "./linkedin-ads-restli.ts";

/**
 * GET /rest/adAnalytics: the `analytics` finder with one pivot (CAMPAIGN or CREATIVE) and the
 * `statistics` finder with up to three (the sandbox serves List(CAMPAIGN,CONVERSION): each
 * campaign's days per conversion rule, pivotValues [campaign URN, urn:lla:llaPartnerConversion:…]).
 * DAILY only, no pagination. LinkedIn counts whole conversions; by conversion, the campaign-day's
 * whole count is shared out over the rules, so the rules add up to the campaign's row. Delivery
 * metrics (impressions, clicks, cost) belong to no conversion and are 0 in conversion rows.
 */

type Pivot = "CAMPAIGN" | "CREATIVE" | "CAMPAIGN,CONVERSION";

/** The finder's pivot(s), or an error response. */
function readPivot(c: Context, params: Map<string, string>): Pivot | Response {
  const finder = params.get("q");
  if (finder === "analytics") {
    const pivot = params.get("pivot");
    if (pivot === "CAMPAIGN" || pivot === "CREATIVE") return pivot;
    return linkedInError(c, 400, "Invalid pivot: the sandbox supports pivot=CAMPAIGN and pivot=CREATIVE.");
  }
  if (finder === "statistics") {
    if (params.has("pivot")) return linkedInError(c, 400, "The statistics finder takes pivots=List(…), not pivot.");
    let pivots: RestliValue;
    try {
      pivots = parseRestliValue(params.get("pivots") ?? "");
    } catch (error) {
      if (error instanceof RestliSyntaxError) return linkedInError(c, 400, `Invalid query parameter: ${error.message}`);
      throw error;
    }
    if (Array.isArray(pivots) && pivots.length === 2 && pivots[0] === "CAMPAIGN" && pivots[1] === "CONVERSION")
      return "CAMPAIGN,CONVERSION";
    return linkedInError(c, 400, "Invalid pivots: the sandbox supports pivots=List(CAMPAIGN,CONVERSION).");
  }
  return linkedInError(c, 400, "Invalid finder: the sandbox supports q=analytics and q=statistics.");
}

export function registerLinkedInAnalytics(api: Hono<ApiEnv>, kit: SandboxKit): void {
  api.get("/adAnalytics", async (c) => {
    const tenant = c.get("tenant");
    const params = readRawQuery(c.req.url);
    const pivot = readPivot(c, params);
    if (pivot instanceof Response) return pivot;
    if (params.get("timeGranularity") !== "DAILY")
      return linkedInError(c, 400, "Invalid timeGranularity: the sandbox supports DAILY.");

    let dateRange: RestliValue;
    let accountsValue: RestliValue;
    try {
      dateRange = parseRestliValue(params.get("dateRange") ?? "");
      accountsValue = parseRestliValue(params.get("accounts") ?? "");
    } catch (error) {
      if (error instanceof RestliSyntaxError) return linkedInError(c, 400, `Invalid query parameter: ${error.message}`);
      throw error;
    }
    const from = isRestliRecord(dateRange) ? readDate(dateRange.start) : null;
    const to =
      isRestliRecord(dateRange) && dateRange.end !== undefined ? readDate(dateRange.end) : await kit.engine.today();
    if (!from || !to) return linkedInError(c, 400, "dateRange must be (start:(year:Y,month:M,day:D),end:(…)).");
    if (to < from) return linkedInError(c, 400, "dateRange.end must not be before dateRange.start.");
    if (daysCovered(from, to) > MAX_REPORT_DAYS)
      return linkedInError(c, 400, `dateRange may span at most ${MAX_REPORT_DAYS} days with timeGranularity DAILY.`);
    if (!Array.isArray(accountsValue) || accountsValue.length === 0)
      return linkedInError(c, 400, "accounts must be List(urn:li:sponsoredAccount:…), URNs percent-encoded.");

    const fieldsText = params.get("fields");
    const fields = fieldsText
      ? decodeURIComponent(fieldsText).split(",")
      : ["dateRange", "pivotValues", "impressions", "clicks"];
    const unknownField = fields.find((field) => !ANALYTICS_FIELDS.has(field));
    if (unknownField) return linkedInError(c, 400, `Invalid fields parameter: unknown metric ${unknownField}.`);

    const owned = kit.engine.listAccounts(tenant, PLATFORM);
    const elements: Record<string, unknown>[] = [];
    // Each account is reported once, however often the request names it.
    for (const urn of new Set(accountsValue)) {
      const accountId = typeof urn === "string" && urn.startsWith(ACCOUNT_URN) ? urn.slice(ACCOUNT_URN.length) : null;
      const account = owned.find((candidate) => candidate.id === accountId);
      if (!account)
        return linkedInError(c, 403, `Not enough permissions to access analytics of ${String(urn)}.`, {
          serviceErrorCode: 100,
        });
      const rows =
        pivot === "CREATIVE"
          ? (await creativeAnalyticsRows(kit, tenant, account.id, { from, to })).map((row) => ({
              ...row,
              pivotValues: [row.pivotValue],
              wholeConversions: Math.round(row.conversions),
            }))
          : pivot === "CAMPAIGN,CONVERSION"
            ? await conversionAnalyticsRows(kit, tenant, account.id, { from, to })
            : (await kit.engine.dailyMetrics(tenant, PLATFORM, account.id, { from, to }))
                .sort((a, b) => a.date.localeCompare(b.date) || a.campaignId.localeCompare(b.campaignId))
                .map((row) => ({
                  ...row,
                  pivotValues: [`${CAMPAIGN_URN}${row.campaignId}`],
                  videoViews: 0,
                  // LinkedIn counts whole conversions.
                  wholeConversions: Math.round(row.conversions),
                }));
      for (const row of rows) {
        const full: Record<string, unknown> = {
          dateRange: { start: toRestliDateObject(row.date), end: toRestliDateObject(row.date) },
          pivotValues: row.pivotValues,
          impressions: row.impressions,
          clicks: row.clicks,
          costInLocalCurrency: minorToDecimal(row.spendMinor, account.currency),
          costInUsd: (
            (row.spendMinor / 10 ** currencyExponent(account.currency)) *
            (USD_PER_UNIT[account.currency] ?? 1)
          ).toFixed(2),
          externalWebsiteConversions: row.wholeConversions,
          conversionValueInLocalCurrency: minorToDecimal(row.conversionValueMinor, account.currency),
          oneClickLeads: 0,
          videoViews: row.videoViews,
        };
        elements.push(Object.fromEntries(fields.map((field) => [field, full[field]])));
      }
    }
    return c.json({ elements, paging: { count: 10, start: 0, links: [] } });
  });
}
