import type { Context } from "hono";
import { currencyExponent, minorToDecimal } from "../lib/money.ts";
import type { SimAccount } from "../sandbox-kit.ts";
import { type GraphErrorSpec, type InsightQuery, respondGraphError } from "./facebook-ads-graph.ts";

/** What the Meta Marketing API sandbox's routes share: constants, token and throttling errors, the status filter and campaign checks, and report runs. */

export const PLATFORM = "facebook-ads";
export const VERSION = "v26.0";
/** The code buys a short-lived user token (about an hour or two). */
export const SHORT_LIVED_SECONDS = 2 * 3600;
/** fb_exchange_token gives a long-lived one: about 60 days, no refresh token. */
export const LONG_LIVED_SECONDS = 60 * 86_400;
export const KNOWN_SCOPES = new Set([
  "ads_read",
  "ads_management",
  "business_management",
  "read_insights",
  "pages_show_list",
  "public_profile",
  "email",
]);
export const CAMPAIGN_STATUSES = ["ACTIVE", "PAUSED", "DELETED", "ARCHIVED"];
export const EFFECTIVE_STATUSES = new Set([
  ...CAMPAIGN_STATUSES,
  "IN_PROCESS",
  "WITH_ISSUES",
  "PENDING_REVIEW",
  "DISAPPROVED",
  "PREAPPROVED",
  "PENDING_BILLING_INFO",
  "CAMPAIGN_PAUSED",
  "ADSET_PAUSED",
]);
export const MAX_REMEMBERED = 5_000;
export const OBJECTIVES = [
  "OUTCOME_APP_PROMOTION",
  "OUTCOME_AWARENESS",
  "OUTCOME_ENGAGEMENT",
  "OUTCOME_LEADS",
  "OUTCOME_SALES",
  "OUTCOME_TRAFFIC",
];
export const SPECIAL_AD_CATEGORIES = new Set([
  "NONE",
  "EMPLOYMENT",
  "HOUSING",
  "CREDIT",
  "ISSUES_ELECTIONS_POLITICS",
  "FINANCIAL_PRODUCTS_SERVICES",
  "ONLINE_GAMBLING_AND_GAMING",
]);
export const BID_STRATEGIES = new Set([
  "LOWEST_COST_WITHOUT_CAP",
  "LOWEST_COST_WITH_BID_CAP",
  "COST_CAP",
  "LOWEST_COST_WITH_MIN_ROAS",
]);
export const MAX_CAMPAIGN_NAME_LENGTH = 400;

export interface ReportRun {
  id: string;
  tenant: string;
  account: SimAccount;
  query: InsightQuery;
  polls: number;
  createdAt: number;
}

export function tokenError(reason: "invalid" | "expired" | "revoked", appId: string): GraphErrorSpec {
  if (reason === "expired")
    return {
      message: `Error validating access token: Session has expired. The current time is ${new Date().toUTCString()}.`,
      code: 190,
      error_subcode: 463,
    };
  if (reason === "revoked")
    return {
      message: `Error validating access token: The user has not authorized application ${appId}.`,
      code: 190,
      error_subcode: 458,
    };
  return { message: "Invalid OAuth access token - Cannot parse access token", code: 190 };
}

/** Meta's answer to a user over their request budget: code 17 and the BUC usage header. */
export function respondThrottled(c: Context, businessId: string | undefined): Response {
  const usage = {
    [businessId ?? "0"]: [
      {
        type: "ads_management",
        call_count: 100,
        total_cputime: 28,
        total_time: 31,
        estimated_time_to_regain_access: 1,
      },
    ],
  };
  return respondGraphError(
    c,
    {
      message: "(#17) User request limit reached",
      code: 17,
      error_subcode: 2446079,
      is_transient: true,
      error_user_title: "Ad Account Has Too Many API Calls",
      error_user_msg: "There have been too many calls from this ad account. Please wait a bit and try again.",
    },
    400,
    { "X-Business-Use-Case-Usage": JSON.stringify(usage) },
  );
}

export function readStatusFilter(value: string | undefined): Set<string> | GraphErrorSpec {
  // Without a filter Meta leaves out archived and deleted campaigns.
  if (value === undefined) return new Set(["ACTIVE", "PAUSED", "IN_PROCESS", "WITH_ISSUES"]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.some((status) => typeof status !== "string" || !EFFECTIVE_STATUSES.has(status)))
    return {
      message: `(#100) Filtering field effective_status with operation in has invalid value: ${value}`,
      code: 100,
    };
  return new Set(parsed as string[]);
}

export function checkCampaignName(name: string | undefined): GraphErrorSpec | null {
  if (name === undefined || !name.trim()) return { message: "(#100) The parameter name is required", code: 100 };
  if (name.length > MAX_CAMPAIGN_NAME_LENGTH)
    return {
      message: `(#100) Param name must be at most ${MAX_CAMPAIGN_NAME_LENGTH} chars long`,
      code: 100,
    };
  return null;
}

/** Objective, special ad categories, status and bid strategy, as Meta checks them on a new campaign. */
export function checkNewCampaign(params: Record<string, string>): GraphErrorSpec | null {
  if (params.objective === undefined) return { message: "(#100) The parameter objective is required", code: 100 };
  if (!OBJECTIVES.includes(params.objective))
    return { message: `(#100) Param objective must be one of {${OBJECTIVES.join(", ")}}`, code: 100 };
  if (params.special_ad_categories === undefined)
    return {
      message: "(#100) The parameter special_ad_categories is required",
      code: 100,
      error_user_title: "Special Ad Categories Required",
      error_user_msg:
        "Declare whether this campaign is about credit, employment, housing or social issues, elections or politics (send [] or NONE when it is not).",
    };
  let categories: unknown;
  try {
    categories = params.special_ad_categories === "NONE" ? [] : JSON.parse(params.special_ad_categories);
  } catch {
    categories = null;
  }
  if (!Array.isArray(categories) || categories.some((category) => !SPECIAL_AD_CATEGORIES.has(String(category))))
    return {
      message: `(#100) Param special_ad_categories[0] must be one of {${[...SPECIAL_AD_CATEGORIES].join(", ")}}`,
      code: 100,
    };
  if (params.status !== undefined && params.status !== "ACTIVE" && params.status !== "PAUSED")
    return { message: "(#100) Param status must be one of {ACTIVE, PAUSED}", code: 100 };
  if (params.bid_strategy !== undefined && !BID_STRATEGIES.has(params.bid_strategy))
    return { message: `(#100) Param bid_strategy must be one of {${[...BID_STRATEGIES].join(", ")}}`, code: 100 };
  return null;
}

export function checkDailyBudget(value: string, currency: string): GraphErrorSpec | null {
  if (!/^\d+$/.test(value))
    return { message: "(#100) Param daily_budget must be an integer in the currency's minor unit", code: 100 };
  const minimum = 10 ** currencyExponent(currency);
  if (Number(value) < minimum)
    return {
      message: "Invalid parameter",
      code: 100,
      error_subcode: 1885272,
      error_user_title: "Your Budget Is Too Low",
      error_user_msg: `The minimum daily budget for this campaign is ${minorToDecimal(minimum, currency)} ${currency}.`,
    };
  return null;
}

export function forgetOldRuns(runs: Map<string, ReportRun>): void {
  const cutoff = Date.now() - 3600_000;
  for (const [id, run] of runs) if (run.createdAt < cutoff || runs.size > MAX_REMEMBERED) runs.delete(id);
}

/** The dialog's own error page (the user sees it, not the app). */
export function respondDialogError(c: Context, title: string, message: string): Response {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`,
    400,
  );
}
