import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currencyExponent, minorToMicros } from "../lib/money.ts";
import type { SimAccount, SimCampaign, SimDailyMetric } from "../sandbox-kit.ts";

/** What the Google Ads sandbox's endpoints share: constants, row serialization, failures and page tokens. */

export const PLATFORM = "google-ads";
export const API_VERSION = "v26";
export const SCOPE = "https://www.googleapis.com/auth/adwords";
export const ACCESS_TOKEN_SECONDS = 3600;
export const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${API_VERSION}.errors.GoogleAdsFailure`;

/** Every campaign's daily budget is at least one unit of the account currency. */
export const MIN_DAILY_BUDGET_MICROS = 1_000_000;
export const MAX_CAMPAIGN_NAME_LENGTH = 255;
/** The bidding strategies a Search campaign may be created with (exactly one). */
export const BIDDING_STRATEGIES = [
  "manualCpc",
  "targetSpend",
  "maximizeClicks",
  "maximizeConversions",
  "maximizeConversionValue",
  "targetCpa",
  "targetRoas",
] as const;
export const EU_POLITICAL_ADVERTISING = [
  "CONTAINS_EU_POLITICAL_ADVERTISING",
  "DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING",
];

export type GoogleRow = Record<string, Record<string, unknown>>;

/** What one mutate knows while it checks its operations, so two of them cannot clash. */
export interface MutateContext {
  tenant: string;
  account: SimAccount;
  campaigns: SimCampaign[];
  namesInRequest: Set<string>;
  budgetsInRequest: Set<string>;
}

/** An operation that passed its checks; it is applied only when every operation of the mutate passed. */
export interface PlannedOperation {
  resourceName: string;
  apply: () => Promise<unknown>;
}

/** A budget no campaign uses yet; the campaign that takes it gets the id reserved here. */
export interface PendingBudget {
  accountId: string;
  campaignId: string;
  amountMicros: number;
}
export interface AdsFailure {
  errorCode: Record<string, string>;
  message: string;
  details?: Record<string, unknown>;
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
}

/** Google's serving status: a suspended account's campaigns are SUSPENDED. */
function servingStatusOf(campaign: SimCampaign): string {
  if (campaign.status === "removed") return "ENDED";
  return campaign.issue === "account_suspended" ? "SUSPENDED" : "SERVING";
}

/**
 * Google's primary status and its reasons. Disapproved ads and a suspended account make the
 * campaign NOT_ELIGIBLE; a spent budget only LIMITS it (Google pauses no campaign for its daily budget).
 */
function primaryStatusOf(campaign: SimCampaign): { status: string; reasons: string[] } {
  if (campaign.status === "removed") return { status: "REMOVED", reasons: ["CAMPAIGN_REMOVED"] };
  if (campaign.status === "paused") return { status: "PAUSED", reasons: ["CAMPAIGN_PAUSED"] };
  if (campaign.issue === "disapproved") return { status: "NOT_ELIGIBLE", reasons: ["HAS_ADS_DISAPPROVED"] };
  if (campaign.issue === "account_suspended") return { status: "NOT_ELIGIBLE", reasons: [] };
  if (campaign.issue === "budget_exhausted") return { status: "LIMITED", reasons: ["BUDGET_CONSTRAINED"] };
  return { status: "ELIGIBLE", reasons: [] };
}

export function serializeRow(
  fields: string[],
  account: SimAccount,
  campaign: SimCampaign | null,
  metric: SimDailyMetric | null,
): GoogleRow {
  const row: GoogleRow = {};
  const exponent = currencyExponent(account.currency);
  const set = (resource: string, key: string, value: unknown, resourceName?: string) => {
    row[resource] ??= resourceName ? { resourceName } : {};
    row[resource][key] = value;
  };
  // The resource names once per row, not once per selected field.
  const customerName = `customers/${account.id}`;
  const campaignName = campaign ? `${customerName}/campaigns/${campaign.id}` : "";
  const budgetName = campaign ? `${customerName}/campaignBudgets/${budgetIdOf(campaign.id)}` : "";
  for (const field of fields) {
    switch (field) {
      case "customer.id":
        set("customer", "id", account.id, customerName);
        break;
      case "customer.resource_name":
        set("customer", "resourceName", customerName, customerName);
        break;
      case "customer.descriptive_name":
        set("customer", "descriptiveName", account.name, customerName);
        break;
      case "customer.currency_code":
        set("customer", "currencyCode", account.currency, customerName);
        break;
      case "customer.time_zone":
        set("customer", "timeZone", account.timeZone, customerName);
        break;
      case "customer.manager":
        set("customer", "manager", false, customerName);
        break;
      case "campaign.id":
        set("campaign", "id", campaign?.id, campaignName);
        break;
      case "campaign.resource_name":
        set("campaign", "resourceName", campaignName, campaignName);
        break;
      case "campaign.name":
        set("campaign", "name", campaign?.name, campaignName);
        break;
      case "campaign.status":
        set("campaign", "status", campaign?.status.toUpperCase(), campaignName);
        break;
      case "campaign.serving_status":
        set("campaign", "servingStatus", campaign && servingStatusOf(campaign), campaignName);
        break;
      case "campaign.primary_status":
        set("campaign", "primaryStatus", campaign && primaryStatusOf(campaign).status, campaignName);
        break;
      case "campaign.primary_status_reasons":
        set("campaign", "primaryStatusReasons", campaign && primaryStatusOf(campaign).reasons, campaignName);
        break;
      case "campaign.campaign_budget":
        set("campaign", "campaignBudget", budgetName, campaignName);
        break;
      case "campaign_budget.id":
        set("campaignBudget", "id", campaign ? budgetIdOf(campaign.id) : undefined, budgetName);
        break;
      case "campaign_budget.resource_name":
        set("campaignBudget", "resourceName", budgetName, budgetName);
        break;
      case "campaign_budget.amount_micros":
        set(
          "campaignBudget",
          "amountMicros",
          campaign ? String(minorToMicros(campaign.dailyBudgetMinor, account.currency)) : undefined,
          budgetName,
        );
        break;
      case "segments.date":
        set("segments", "date", metric?.date);
        break;
      case "metrics.impressions":
        set("metrics", "impressions", String(metric?.impressions ?? 0));
        break;
      case "metrics.clicks":
        set("metrics", "clicks", String(metric?.clicks ?? 0));
        break;
      case "metrics.cost_micros":
        set("metrics", "costMicros", String(minorToMicros(metric?.spendMinor ?? 0, account.currency)));
        break;
      case "metrics.conversions":
        // Doubles stay JSON numbers; only int64 fields become strings.
        set("metrics", "conversions", metric?.conversions ?? 0);
        break;
      case "metrics.conversions_value":
        set("metrics", "conversionsValue", (metric?.conversionValueMinor ?? 0) / 10 ** exponent);
        break;
    }
  }
  return row;
}

/** A campaign's budget id: derived from the campaign id, stable across restarts, 11 digits like Google's. */
export function budgetIdOf(campaignId: string): string {
  // Every row of a report names its budget: hashing once per campaign, not per row, keeps big reports fast.
  let id = budgetIds.get(campaignId);
  if (id === undefined) {
    const hex = createHash("sha256").update(`campaign-budget:${campaignId}`).digest("hex").slice(0, 12);
    id = ((BigInt(`0x${hex}`) % 90_000_000_000n) + 10_000_000_000n).toString();
    budgetIds.set(campaignId, id);
  }
  return id;
}
export const budgetIds = new Map<string, string>();

export function notFound(location: AdsFailure["location"]): AdsFailure {
  return { errorCode: { mutateError: "RESOURCE_NOT_FOUND" }, message: "Resource was not found.", location };
}

export function requiredField(location: AdsFailure["location"]): AdsFailure {
  return { errorCode: { fieldError: "REQUIRED" }, message: "The required field was not present.", location };
}

export function invalidStatus(location: AdsFailure["location"]): AdsFailure {
  return {
    errorCode: { requestError: "INVALID_ENUM_VALUE" },
    message: "The status must be ENABLED or PAUSED (remove a campaign with a remove operation).",
    location,
  };
}

/** A budget amount in micros, or why Google refuses it (zero, under the per-day minimum, sub-unit). */
export function checkBudgetMicros(
  account: SimAccount,
  value: unknown,
  location: AdsFailure["location"],
): number | AdsFailure {
  const micros = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof micros !== "number" || !Number.isSafeInteger(micros) || micros <= 0) {
    return { errorCode: { rangeError: "TOO_LOW" }, message: "Too low.", location };
  }
  if (micros < MIN_DAILY_BUDGET_MICROS) {
    return {
      errorCode: { campaignBudgetError: "BUDGET_BELOW_PER_DAY_MINIMUM" },
      message: "Budget amount or total amount must be above this campaign's per-day minimum.",
      location,
      details: {
        budgetPerDayMinimumErrorDetails: {
          currencyCode: account.currency,
          budgetPerDayMinimumMicros: String(MIN_DAILY_BUDGET_MICROS),
          failedBudgetAmountMicros: String(micros),
          minimumBudgetAmountMicros: String(MIN_DAILY_BUDGET_MICROS),
        },
      },
    };
  }
  if (micros % microsPerMinor(account) !== 0) {
    return {
      errorCode: { campaignBudgetError: "NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT" },
      message: "A money amount was not a multiple of a minimum unit.",
      location,
    };
  }
  return micros;
}

export function microsPerMinor(account: SimAccount): number {
  return 10 ** (6 - currencyExponent(account.currency));
}

export function pendingBudgetKey(budgetId: string): string {
  return `budget:${budgetId}`;
}

/** An update mask's paths ("status,name"). */
export function readUpdateMask(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(",")
        .map((path) => path.trim())
        .filter(Boolean)
    : [];
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function mutateError(c: Context, failures: AdsFailure[]) {
  return statusError(c, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", failures);
}

/** Google's Status envelope, with a GoogleAdsFailure in its details when there are Ads errors. */
export function statusError(
  c: Context,
  code: ContentfulStatusCode,
  status: string,
  message: string,
  failures: AdsFailure[] = [],
) {
  const details =
    failures.length > 0 ? [{ "@type": FAILURE_TYPE, errors: failures, requestId: newRequestId() }] : undefined;
  return c.json({ error: { code, message, status, ...(details ? { details } : {}) } }, code);
}

export function renderOAuthError(c: Context, status: 400 | 401, error: string, description: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status} (OAuth 2.0)</title></head>` +
      `<body><main><h1>Access blocked: Authorization Error</h1><p>${escapeHtml(description)}</p>` +
      `<p>Error ${status}: ${escapeHtml(error)}</p></main></body></html>`,
    status,
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function readForm(c: Context): Promise<Record<string, string | undefined>> {
  const text = await c.req.text().catch(() => "");
  return Object.fromEntries(new URLSearchParams(text));
}

export function readBasicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic\s+(.+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const [id = "", secret = ""] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
}

export function newRequestId(): string {
  return randomBytes(16).toString("base64url").slice(0, 22);
}

export function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

export function writePageToken(queryKey: string, offset: number): string {
  return Buffer.from(JSON.stringify({ q: queryKey, o: offset })).toString("base64url");
}

/** The offset a page token stands for, or null when it is not ours or belongs to another query. */
export function readPageToken(token: unknown, queryKey: string): number | null {
  if (typeof token !== "string") return null;
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { q?: unknown; o?: unknown };
    return value.q === queryKey && Number.isSafeInteger(value.o) && (value.o as number) > 0
      ? (value.o as number)
      : null;
  } catch {
    return null;
  }
}
