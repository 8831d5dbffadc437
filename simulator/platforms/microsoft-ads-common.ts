import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currencyExponent, minorToDecimal } from "../lib/money.ts";
import type { SandboxKit, SimAccount, SimCampaign, SimDailyMetric } from "../sandbox-kit.ts";
import { toMicrosoftTimeZone } from "./microsoft-ads-time-zones.ts";

/** What the Microsoft Advertising sandbox's services share: constants, the call checks and the wire helpers. */

export const PLATFORM = "microsoft-ads";
export const SCOPE = "https://ads.microsoft.com/msads.manage";
export const ACCESS_TOKEN_SECONDS = 3600;
/** Campaigns per AddCampaigns, UpdateCampaigns or GetCampaignsByIds call. */
export const MAX_CAMPAIGNS_PER_CALL = 100;
export const MAX_CAMPAIGN_NAME_LENGTH = 128;
/** The smallest campaign daily budget the sandbox takes: one unit of the account currency. */
export const MIN_DAILY_BUDGET_UNITS = 1;
/** Finished reports kept for download; the oldest are dropped first. */
export const MAX_KEPT_REPORTS = 200;

export const MESSAGES = {
  invalidCredentials: "Authentication failed. Either supplied credentials are invalid or the account is inactive.",
  tokenExpired: "Authentication token expired. Please renew it or obtain a new token.",
  notAuthorized: "The user is not authorized to perform this action.",
  missingHeaders: "One or more required header elements are missing from the request.",
  callRate:
    "You have exceeded the number of calls that you are allowed to make in a minute. Please reduce the number of calls that you make per minute.",
  internal: "An internal error has occurred.",
  invalidAccount: "The account ID is invalid.",
  invalidInput: "One or more input elements failed validation.",
};

/** Columns of the campaign performance report the sandbox can fill. */
export const REPORT_COLUMNS = new Set([
  "TimePeriod",
  "AccountId",
  "AccountName",
  "AccountNumber",
  "CampaignId",
  "CampaignName",
  "CampaignStatus",
  "CampaignType",
  "Impressions",
  "Clicks",
  "Ctr",
  "AverageCpc",
  "Spend",
  "Conversions",
  "Revenue",
  "CurrencyCode",
]);

/** Columns of the ad performance report the sandbox can fill: the campaign's, and the ad's own. */
export const AD_REPORT_COLUMNS = new Set([
  ...REPORT_COLUMNS,
  "AdGroupId",
  "AdGroupName",
  "AdId",
  "AdTitle",
  "AdType",
  "AdStatus",
  "FinalUrl",
]);

export interface ReportJob {
  tenant: string;
  /** CampaignPerformanceReportRequest, AdPerformanceReportRequest or GoalsAndFunnelsReportRequest. */
  kind: "campaign" | "ad" | "goals";
  accountIds: string[];
  range: { from: string; to: string };
  columns: string[];
  timeZone: string | null;
  hasColumnHeaders: boolean;
  hasReportHeader: boolean;
  hasReportFooter: boolean;
  polls: number;
  /** The finished ZIP (null when the report has no rows) and its download signature. */
  zip?: Buffer | null;
  signature: string;
}

export type Service = "customer" | "campaign" | "reporting";

/** The checks every Bing Ads API call meets, over the kit. */
export function createMicrosoftScope(kit: SandboxKit) {
  /** Bearer token, DeveloperToken, then the injected fault: the order a real call meets them in. */
  async function authenticate(c: Context, service: Service): Promise<{ tenant: string } | Response> {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const expectedDeveloperToken = kit.appCredentials(PLATFORM).developerToken;
    const developerToken = c.req.header("DeveloperToken");
    if (!token || !developerToken || (expectedDeveloperToken && developerToken !== expectedDeveloperToken)) {
      return adApiFault(c, 401, 105, "InvalidCredentials", MESSAGES.invalidCredentials);
    }
    const check = await kit.credentials.checkAccessToken(token, PLATFORM);
    if (!check.ok) {
      return check.reason === "expired"
        ? adApiFault(c, 401, 109, "AuthenticationTokenExpired", MESSAGES.tokenExpired)
        : adApiFault(c, 401, 105, "InvalidCredentials", MESSAGES.invalidCredentials);
    }
    const fault = await kit.faults.take({ tenant: check.tenant, platform: PLATFORM });
    if (fault === "throttle") return apiFault(c, service, 400, 117, "CallRateExceeded", MESSAGES.callRate);
    if (fault === "server_error") return apiFault(c, service, 500, 0, "InternalError", MESSAGES.internal);
    return { tenant: check.tenant };
  }

  /**
   * Campaign and reporting calls act in one account: CustomerAccountId must name it (and match
   * the body's AccountId), and CustomerId, when sent, must be its parent customer.
   */
  function checkAccountScope(c: Context, tenant: string, bodyAccountId: string | null): SimAccount | Response {
    const headerAccountId = c.req.header("CustomerAccountId");
    if (!headerAccountId) return apiFault(c, "campaign", 400, 116, "RequestMissingHeaders", MESSAGES.missingHeaders);
    const account = kit.engine.listAccounts(tenant, PLATFORM).find((candidate) => candidate.id === bodyAccountId);
    if (!account || headerAccountId !== bodyAccountId) {
      return apiFault(c, "campaign", 400, 1102, "CampaignServiceInvalidAccountId", MESSAGES.invalidAccount);
    }
    const customerId = c.req.header("CustomerId");
    if (customerId && customerId !== customerOf(tenant, account)) {
      return apiFault(c, "campaign", 400, 106, "UserIsNotAuthorized", MESSAGES.notAuthorized);
    }
    return account;
  }

  function customerIdsOf(tenant: string): string[] {
    const ids = kit.engine.listAccounts(tenant, PLATFORM).map((account) => customerOf(tenant, account));
    return ids.length > 0 ? [...new Set(ids)] : [numericIdOf(`customer:${tenant}`, 9)];
  }
  return { authenticate, checkAccountScope, customerIdsOf };
}

export type MicrosoftScope = ReturnType<typeof createMicrosoftScope>;

export function serializeCampaign(campaign: SimCampaign, account: SimAccount) {
  return {
    AudienceAdsBidAdjustment: null,
    BiddingScheme: { Type: "EnhancedCpc" },
    BudgetType: "DailyBudgetStandard",
    DailyBudget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
    ExperimentId: null,
    FinalUrlSuffix: null,
    ForwardCompatibilityMap: [],
    Id: toLong(campaign.id),
    Name: campaign.name,
    Status: microsoftStatusOf(campaign),
    SubType: null,
    TimeZone: toMicrosoftTimeZone(account.timeZone),
    TrackingUrlTemplate: null,
    UrlCustomParameters: null,
    CampaignType: campaignTypeOf(campaign),
    Settings: null,
    BudgetId: null,
    Languages: ["All"],
  };
}

export type BatchErrorSpec = [
  code: number,
  errorCode: string,
  message: string,
  fieldPath: string | null,
  details?: string,
];

/** PartialErrors: one BatchError per refused item, with its index in the request. */
export class BatchErrors {
  readonly list: Record<string, unknown>[] = [];

  add(index: number, code: number, errorCode: string, message: string, fieldPath: string | null, details?: string) {
    this.list.push({
      Code: code,
      Details: details ?? null,
      ErrorCode: errorCode,
      FieldPath: fieldPath,
      ForwardCompatibilityMap: null,
      Index: index,
      Message: message,
      Type: "BatchError",
    });
  }
}

export function checkBatchSize(c: Context, size: number): Response | null {
  if (size === 0) {
    return apiFault(
      c,
      "campaign",
      400,
      1113,
      "CampaignServiceCampaignsArrayShouldNotBeNullOrEmpty",
      "The array of campaigns is null or empty.",
    );
  }
  if (size > MAX_CAMPAIGNS_PER_CALL) {
    return apiFault(
      c,
      "campaign",
      400,
      1114,
      "CampaignServiceCampaignsArrayExceedsLimit",
      "The list of campaigns exceeds the limit.",
    );
  }
  return null;
}

/** A name must be present, short enough and unlike every other campaign's in the account. */
export function checkCampaignName(
  value: unknown,
  campaigns: SimCampaign[],
  ownId: string | null,
  namesInRequest: Set<string>,
): BatchErrorSpec | null {
  if (typeof value !== "string" || !value.trim() || value.length > MAX_CAMPAIGN_NAME_LENGTH) {
    return [1101, "CampaignServiceInvalidCampaignName", "The campaign name is not valid.", "Name"];
  }
  const lower = value.toLowerCase();
  const isDuplicate =
    [...namesInRequest].some((name) => name.toLowerCase() === lower) ||
    campaigns.some(
      (campaign) => campaign.id !== ownId && campaign.status !== "removed" && campaign.name.toLowerCase() === lower,
    );
  return isDuplicate
    ? [
        1115,
        "CampaignServiceCannotCreateDuplicateCampaign",
        "An attempt was made to create a duplicate of a campaign that already exists.",
        "Name",
      ]
    : null;
}

/** A DailyBudget in minor units, or the BatchError for an amount Microsoft refuses. */
export function readDailyBudget(value: unknown, currency: string): number | BatchErrorSpec {
  const exponent = currencyExponent(currency);
  const amount = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
  const minor = Math.round(amount * 10 ** exponent);
  const invalid = (details?: string): BatchErrorSpec => [
    1106,
    "CampaignServiceInvalidDailyBudget",
    "The campaign daily budget is not valid.",
    "DailyBudget",
    details,
  ];
  if (!Number.isFinite(amount) || amount <= 0 || Math.abs(minor - amount * 10 ** exponent) > 1e-6) return invalid();
  if (amount < MIN_DAILY_BUDGET_UNITS) {
    const minimum = minorToDecimal(MIN_DAILY_BUDGET_UNITS * 10 ** exponent, currency);
    return invalid(`The daily budget must be at least ${minimum} ${currency}.`);
  }
  return minor;
}

export function campaignTypeOf(campaign: SimCampaign): string {
  if (campaign.name.startsWith("Shopping")) return "Shopping";
  if (campaign.name.startsWith("Performance Max")) return "PerformanceMax";
  if (campaign.name.startsWith("Audience")) return "Audience";
  return "Search";
}

export function reportCell(
  column: string,
  account: SimAccount,
  campaign: SimCampaign | undefined,
  metric: SimDailyMetric,
) {
  const spend = minorToDecimal(metric.spendMinor, account.currency);
  switch (column) {
    case "TimePeriod":
      return metric.date;
    case "AccountId":
      return account.id;
    case "AccountName":
      return account.name;
    case "AccountNumber":
      return accountNumberOf(account.id);
    case "CampaignId":
      return metric.campaignId;
    case "CampaignName":
      return campaign?.name ?? "";
    case "CampaignStatus":
      return campaign?.status === "enabled" ? "Active" : campaign?.status === "removed" ? "Deleted" : "Paused";
    case "CampaignType":
      return campaign ? campaignTypeOf(campaign) : "";
    case "Impressions":
      return String(metric.impressions);
    case "Clicks":
      return String(metric.clicks);
    case "Ctr":
      return metric.impressions > 0 ? `${((metric.clicks / metric.impressions) * 100).toFixed(2)}%` : "0.00%";
    case "AverageCpc":
      return metric.clicks > 0 ? (Number(spend) / metric.clicks).toFixed(2) : "0.00";
    case "Spend":
      return spend;
    case "Conversions":
      return String(Math.round(metric.conversions * 100) / 100);
    case "Revenue":
      return minorToDecimal(metric.conversionValueMinor, account.currency);
    case "CurrencyCode":
      return account.currency;
    default:
      return "";
  }
}

export function quoteCsv(cell: string): string {
  return `"${cell.replace(/"/g, '""')}"`;
}

export function customerOf(tenant: string, account: SimAccount): string {
  return account.customerId ?? numericIdOf(`customer:${tenant}`, 9);
}

/** Microsoft's account number, the id the web UI shows (e.g. F1A2B3C4). */
export function accountNumberOf(accountId: string): string {
  return `F${createHash("sha256").update(`account-number:${accountId}`).digest("hex").slice(0, 7).toUpperCase()}`;
}

export function numericIdOf(seed: string, digits: number): string {
  const value = BigInt(`0x${createHash("sha256").update(seed).digest("hex").slice(0, 14)}`);
  const floor = 10n ** BigInt(digits - 1);
  return ((value % (9n * floor)) + floor).toString();
}

/** Longs go out as JSON numbers while they fit, as Microsoft's serializer writes them. */
export function toLong(id: string): number | string {
  const value = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(value) ? value : id;
}

export function readLong(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  return null;
}

export function readReportDate(value: unknown): string | null {
  const date = asRecord(value);
  const [year, month, day] = [date.Year, date.Month, date.Day].map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text ? text : null;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export async function readBody(c: Context): Promise<Record<string, unknown>> {
  return asRecord(await c.req.json().catch(() => null));
}

export function dropOldReports(reports: Map<string, ReportJob>) {
  for (const id of reports.keys()) {
    if (reports.size <= MAX_KEPT_REPORTS) return;
    reports.delete(id);
  }
}

export function trackingId(): string {
  return crypto.randomUUID();
}

/** ApiFaultDetail: operation errors. Customer Management's errors carry no ErrorCode element. */
export function apiFault(
  c: Context,
  service: Service,
  status: ContentfulStatusCode,
  code: number,
  errorCode: string,
  message: string,
) {
  return c.json(
    {
      TrackingId: trackingId(),
      Type: "ApiFaultDetail",
      BatchErrors: [],
      OperationErrors: [
        service === "customer"
          ? { Code: code, Details: null, Message: message }
          : { Code: code, Details: null, ErrorCode: errorCode, Message: message },
      ],
    },
    status,
  );
}

/** AdApiFaultDetail: authentication and other faults common to every service. */
export function adApiFault(c: Context, status: ContentfulStatusCode, code: number, errorCode: string, message: string) {
  return c.json(
    {
      TrackingId: trackingId(),
      Type: "AdApiFaultDetail",
      Errors: [{ Code: code, Detail: null, ErrorCode: errorCode, Message: message }],
    },
    status,
  );
}

export function oauthError(c: Context, status: 400 | 401, error: string, code: number, description: string) {
  return c.json(
    {
      error,
      error_description: `${description}\r\nTrace ID: ${crypto.randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
      error_codes: [code],
      timestamp: new Date()
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, "Z"),
      trace_id: crypto.randomUUID(),
      correlation_id: crypto.randomUUID(),
    },
    status,
  );
}

export function renderSignInError(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head>` +
      `<body><main><h1>Sorry, but we're having trouble signing you in.</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    400,
  );
}

export function blobError(c: Context, status: 403 | 404, code: string, message: string) {
  return c.body(
    `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    status,
    { "content-type": "application/xml" },
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Microsoft's campaign Status: a live campaign whose budget is spent is BudgetPaused, one of a
 * suspended account Suspended. Disapprovals are per ad (editorial status), so they do not show here.
 */
function microsoftStatusOf(campaign: SimCampaign): string {
  if (campaign.status !== "enabled") return "Paused";
  if (campaign.issue === "budget_exhausted") return "BudgetPaused";
  return campaign.issue === "account_suspended" ? "Suspended" : "Active";
}
