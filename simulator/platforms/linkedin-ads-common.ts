import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { decimalToMinor, minorToDecimal } from "../lib/money.ts";
import type { SandboxKit, SimAccount, SimCampaign, SimCampaignStatus } from "../sandbox-kit.ts";
import { isRestliRecord, type RestliValue } from "./linkedin-ads-restli.ts";

/** What the LinkedIn Marketing API sandbox's routes share: versions, URNs, errors, sealed refresh tokens, page tokens and campaign checks. */

export const PLATFORM = "linkedin-ads";
export const ACCESS_TTL_SECONDS = 60 * 86_400;
export const REFRESH_TTL_SECONDS = 365 * 86_400;
export const KNOWN_SCOPES = new Set(["r_ads", "r_ads_reporting", "rw_ads", "r_organization_social", "r_basicprofile"]);
/** Monthly versions live about a year; 202607 is the newest this sandbox knows. */
export const ACTIVE_VERSIONS = new Set([
  "202508",
  "202509",
  "202510",
  "202511",
  "202512",
  "202601",
  "202602",
  "202603",
  "202604",
  "202605",
  "202606",
  "202607",
]);
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** LinkedIn's smallest campaign daily budget is 10 units of the account currency. */
export const MIN_DAILY_BUDGET_UNITS = 10;
export const MAX_CAMPAIGN_NAME_LENGTH = 255;
export const CAMPAIGN_TYPES = new Set(["TEXT_AD", "SPONSORED_UPDATES", "SPONSORED_INMAILS", "DYNAMIC"]);
export const COST_TYPES = new Set(["CPM", "CPC", "CPV"]);
/** Fixed rates for `costInUsd`; enough for a sandbox. */
export const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 };
export const ANALYTICS_FIELDS = new Set([
  "dateRange",
  "pivotValues",
  "impressions",
  "clicks",
  "costInLocalCurrency",
  "costInUsd",
  "externalWebsiteConversions",
  "conversionValueInLocalCurrency",
  "oneClickLeads",
  "videoViews",
]);
export const ACCOUNT_URN = "urn:li:sponsoredAccount:";
export const CAMPAIGN_URN = "urn:li:sponsoredCampaign:";
export const CAMPAIGN_GROUP_URN = "urn:li:sponsoredCampaignGroup:";
export const CREATIVE_URN = "urn:li:sponsoredCreative:";

export type ApiEnv = { Variables: { tenant: string } };

export function linkedInError(c: Context, status: number, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ message, serviceErrorCode: status, status, ...extra }, status as ContentfulStatusCode);
}

export function errorPage(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><title>LinkedIn</title></head><body><main><h1>Something went wrong</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    400,
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * LinkedIn's refresh token keeps its first expiry through refreshes. The kit's token does not
 * carry one, so the sandbox seals the expiry into the token it hands out (signed, survives restarts).
 */
export function sealRefreshToken(kit: SandboxKit, token: string, expiresAtSeconds: number): string {
  const payload = `${token}~${expiresAtSeconds}`;
  return `${payload}~${signRefresh(kit, payload)}`;
}

export function openRefreshToken(kit: SandboxKit, sealed: string): { token: string; expiresAtSeconds: number } | null {
  const signatureAt = sealed.lastIndexOf("~");
  const expiryAt = sealed.lastIndexOf("~", signatureAt - 1);
  if (signatureAt <= 0 || expiryAt <= 0) return null;
  const payload = sealed.slice(0, signatureAt);
  const expected = Buffer.from(signRefresh(kit, payload));
  const actual = Buffer.from(sealed.slice(signatureAt + 1));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const expiresAtSeconds = Number(sealed.slice(expiryAt + 1, signatureAt));
  if (!Number.isFinite(expiresAtSeconds)) return null;
  return { token: sealed.slice(0, expiryAt), expiresAtSeconds };
}

export function signRefresh(kit: SandboxKit, payload: string): string {
  return createHmac("sha256", `linkedin-refresh:${kit.appCredentials(PLATFORM).clientSecret}`)
    .update(payload)
    .digest("base64url")
    .slice(0, 22);
}

export function encodePageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString("base64url");
}

export function decodePageToken(token: string): number | null {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, "base64url").toString());
  return match ? Number(match[1]) : null;
}

/** Every account has one campaign group from the start, LinkedIn's "Default Campaign Group". */
export function defaultCampaignGroupId(accountId: string): string {
  return String(600_000_000 + (Number(accountId) % 100_000_000));
}

export function describeCampaign(campaign: SimCampaign, account: SimAccount) {
  return {
    id: Number(campaign.id),
    name: campaign.name,
    account: `${ACCOUNT_URN}${account.id}`,
    campaignGroup: `${CAMPAIGN_GROUP_URN}${defaultCampaignGroupId(account.id)}`,
    status: toLinkedInStatus(campaign.status),
    servingStatuses: servingStatusesOf(campaign),
    type: "SPONSORED_UPDATES",
    costType: "CPM",
    dailyBudget: {
      amount: minorToDecimal(campaign.dailyBudgetMinor, account.currency),
      currencyCode: account.currency,
    },
    runSchedule: { start: Date.parse(`${campaign.startDate}T00:00:00Z`) },
    locale: { country: "US", language: "en" },
    test: false,
    version: { versionTag: "1" },
  };
}

/** The name, or why LinkedIn refuses it. */
export function checkCampaignName(value: unknown): string | { problem: string } {
  if (typeof value !== "string" || !value.trim()) return { problem: "name is required and must not be blank." };
  if (value.length > MAX_CAMPAIGN_NAME_LENGTH)
    return { problem: `name must be at most ${MAX_CAMPAIGN_NAME_LENGTH} characters.` };
  return value;
}

/** A daily budget in minor units, or why LinkedIn refuses it (shape, currency, under the minimum). */
export function checkDailyBudget(value: unknown, account: SimAccount): number | { problem: string } {
  const budget = value as { amount?: unknown; currencyCode?: unknown } | null;
  if (typeof budget?.amount !== "string" || !/^\d+(\.\d+)?$/.test(budget.amount))
    return { problem: "dailyBudget.amount must be a decimal string." };
  if (budget.currencyCode !== account.currency)
    return {
      problem: `dailyBudget.currencyCode ${String(budget.currencyCode)} does not match the account currency ${account.currency}.`,
    };
  if (Number(budget.amount) < MIN_DAILY_BUDGET_UNITS)
    return {
      problem: `Campaign daily budget must be at least ${MIN_DAILY_BUDGET_UNITS.toFixed(2)} ${account.currency}.`,
    };
  return decimalToMinor(budget.amount, account.currency);
}

export function toLinkedInStatus(status: SimCampaignStatus): string {
  if (status === "enabled") return "ACTIVE";
  if (status === "paused") return "PAUSED";
  return "ARCHIVED";
}

/** Reads `(status:(values:List(A,B)))`; other search criteria are not supported here. */
export function readStatusSearch(search: RestliValue | undefined): Set<string> | null | "invalid" {
  if (search === undefined) return null;
  if (!isRestliRecord(search)) return "invalid";
  const keys = Object.keys(search);
  if (keys.some((key) => key !== "status")) return "invalid";
  const status = search.status;
  if (status === undefined) return null;
  if (!isRestliRecord(status) || !Array.isArray(status.values)) return "invalid";
  const values = status.values.filter((value): value is string => typeof value === "string");
  return new Set(values);
}

export function readDate(value: RestliValue | undefined): string | null {
  if (!isRestliRecord(value)) return null;
  const year = Number(value.year);
  const month = Number(value.month);
  const day = Number(value.day);
  if (![year, month, day].every(Number.isInteger)) return null;
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? null : date;
}

export function toRestliDateObject(date: string) {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function readPatchSet(body: unknown): Record<string, unknown> | null {
  if (typeof body !== "object" || body === null) return null;
  const patch = (body as { patch?: unknown }).patch;
  if (typeof patch !== "object" || patch === null) return null;
  const set = (patch as { $set?: unknown }).$set;
  if (typeof set !== "object" || set === null || Array.isArray(set)) return null;
  return set as Record<string, unknown>;
}

/**
 * LinkedIn's servingStatuses: RUNNABLE, or the holds that keep an ACTIVE campaign from serving (a
 * spent total budget, an account on hold). Creative rejections are per creative, so they do not show here.
 */
function servingStatusesOf(campaign: SimCampaign): string[] {
  if (campaign.status !== "enabled") return ["STOPPED"];
  if (campaign.issue === "budget_exhausted") return ["CAMPAIGN_TOTAL_BUDGET_HOLD"];
  if (campaign.issue === "account_suspended") return ["ACCOUNT_SERVING_HOLD"];
  return ["RUNNABLE"];
}
