import { readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { ConnectorConfig, DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { mapLinkedInApiError, parseLinkedInBody } from "./errors.ts";
import { LINKEDIN_VERSION, readLinkedInUrl } from "./metadata.ts";
import {
  type LinkedInAdAccount,
  type LinkedInAnalyticsElement,
  type LinkedInCampaign,
  linkedInAdAccountPageSchema,
  linkedInAnalyticsSchema,
  linkedInCampaignGroupPageSchema,
  linkedInCampaignPageSchema,
  linkedInCampaignSchema,
} from "./schemas.ts";

/**
 * LinkedIn's versioned REST API (`{api}/…`, Rest.li protocol 2.0). Query strings are written by
 * hand: Rest.li's structured values keep `(`, `)`, `,` and `:` literal while the primitive values
 * inside them are percent-encoded (`List(urn%3Ali%3AsponsoredAccount%3A123)`), which
 * URLSearchParams cannot express.
 */

/** Statuses the campaign finder asks for: everything that can have spent money. */
const CAMPAIGN_STATUSES = ["ACTIVE", "PAUSED", "ARCHIVED", "COMPLETED", "CANCELED"];
const ANALYTICS_FIELDS = [
  "dateRange",
  "pivotValues",
  "impressions",
  "clicks",
  "costInLocalCurrency",
  "externalWebsiteConversions",
  "conversionValueInLocalCurrency",
];
/** adAnalytics has no pagination and caps its answer, so long ranges go in windows of this many days. */
const ANALYTICS_WINDOW_DAYS = 31;

export interface LinkedInSession {
  config: ConnectorConfig;
  accessToken: string;
}

/** Encodes a Rest.li primitive: percent-encodes everything Rest.li reserves, including `(),:'`. */
export function encodeRestliPrimitive(value: string): string {
  return encodeURIComponent(value).replace(
    /[()!*']/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function toAccountUrn(accountId: string): string {
  return `urn:li:sponsoredAccount:${accountId}`;
}

interface LinkedInRequest {
  path: string;
  query?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One call; a refusal is thrown as a PlatformError, an answer comes back with its headers. */
async function sendLinkedIn(
  session: LinkedInSession,
  request: LinkedInRequest,
): Promise<{ body: unknown; headers: Headers }> {
  const url = `${readLinkedInUrl(session.config, "api")}${request.path}${request.query ? `?${request.query}` : ""}`;
  const response = await sendPlatformRequest({
    platform: "linkedin-ads",
    url,
    json: request.json,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      "LinkedIn-Version": LINKEDIN_VERSION,
      "X-Restli-Protocol-Version": "2.0.0",
      ...request.headers,
    },
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapLinkedInApiError(response, body);
  return { body, headers: response.headers };
}

export async function callLinkedIn(session: LinkedInSession, request: LinkedInRequest): Promise<unknown> {
  return (await sendLinkedIn(session, request)).body;
}

/** Walks a search finder's cursor pages (`pageSize`/`pageToken`, `metadata.nextPageToken`). */
export async function collectFinderPages<T>(
  fetchPage: (
    pageToken: string | null,
  ) => Promise<{ elements: T[]; metadata?: { nextPageToken?: string | null } | null }>,
): Promise<T[]> {
  const elements: T[] = [];
  const seenTokens = new Set<string>();
  let pageToken: string | null = null;
  do {
    const page = await fetchPage(pageToken);
    elements.push(...page.elements);
    pageToken = page.metadata?.nextPageToken || null;
    // A token seen before would loop forever; stop rather than trust it.
    if (pageToken && seenTokens.has(pageToken)) break;
    if (pageToken) seenTokens.add(pageToken);
  } while (pageToken);
  return elements;
}

export function pagingQuery(pageSize: number, pageToken: string | null): string {
  return `&pageSize=${pageSize}${pageToken ? `&pageToken=${encodeRestliPrimitive(pageToken)}` : ""}`;
}

export function searchLinkedInAdAccounts(session: LinkedInSession, pageSize: number): Promise<LinkedInAdAccount[]> {
  return collectFinderPages(async (pageToken) => {
    const body = await callLinkedIn(session, {
      path: "/adAccounts",
      query: `q=search&search=(status:(values:List(ACTIVE)))${pagingQuery(pageSize, pageToken)}`,
    });
    return parseLinkedInBody(linkedInAdAccountPageSchema, body, "the ad account search");
  });
}

export function searchLinkedInCampaigns(
  session: LinkedInSession,
  accountId: string,
  pageSize: number,
): Promise<LinkedInCampaign[]> {
  return collectFinderPages(async (pageToken) => {
    const body = await callLinkedIn(session, {
      path: `/adAccounts/${encodeURIComponent(accountId)}/adCampaigns`,
      query: `q=search&search=(status:(values:List(${CAMPAIGN_STATUSES.join(",")})))${pagingQuery(pageSize, pageToken)}`,
    });
    return parseLinkedInBody(linkedInCampaignPageSchema, body, "the campaign search");
  });
}

/** The account's first active campaign group (every account starts with a default one). */
export async function findLinkedInCampaignGroup(session: LinkedInSession, accountId: string): Promise<string> {
  const body = await callLinkedIn(session, {
    path: `/adAccounts/${encodeURIComponent(accountId)}/adCampaignGroups`,
    query: "q=search&search=(status:(values:List(ACTIVE)))&pageSize=1",
  });
  const [group] = parseLinkedInBody(linkedInCampaignGroupPageSchema, body, "the campaign group search").elements;
  if (!group) {
    throw new PlatformError(
      "linkedin-ads",
      "rejected",
      `LinkedIn ad account ${accountId} has no active campaign group to put a campaign in.`,
    );
  }
  return `urn:li:sponsoredCampaignGroup:${group.id}`;
}

/** Creates a campaign (answered 201 with its id in `x-restli-id`) and answers that id. */
export async function createLinkedInCampaign(
  session: LinkedInSession,
  accountId: string,
  campaign: Record<string, unknown>,
): Promise<string> {
  const { headers } = await sendLinkedIn(session, {
    path: `/adAccounts/${encodeURIComponent(accountId)}/adCampaigns`,
    json: campaign,
  });
  const id = headers.get("x-restli-id") ?? headers.get("x-linkedin-id");
  if (!id) throw new PlatformError("linkedin-ads", "rejected", "LinkedIn created a campaign without telling its id.");
  // The header may carry the id bare or as a campaign URN.
  return id.replace(/^urn:li:sponsoredCampaign:/, "");
}

export async function getLinkedInCampaign(
  session: LinkedInSession,
  accountId: string,
  campaignId: string,
): Promise<LinkedInCampaign> {
  const body = await callLinkedIn(session, {
    path: `/adAccounts/${encodeURIComponent(accountId)}/adCampaigns/${encodeURIComponent(campaignId)}`,
  });
  return parseLinkedInBody(linkedInCampaignSchema, body, "the campaign");
}

export function toRestliDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `(year:${year},month:${month},day:${day})`;
}

/** Splits an inclusive date range into windows of at most `days` days. */
export function splitDateRange(range: DateRange, days: number): DateRange[] {
  const windows: DateRange[] = [];
  const dayMs = 86_400_000;
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let start = Date.parse(`${range.from}T00:00:00Z`); start <= end; start += days * dayMs) {
    const windowEnd = Math.min(start + (days - 1) * dayMs, end);
    windows.push({
      from: new Date(start).toISOString().slice(0, 10),
      to: new Date(windowEnd).toISOString().slice(0, 10),
    });
  }
  return windows;
}

/** Daily campaign analytics of one account (the `analytics` finder, pivot CAMPAIGN, DAILY). */
export async function fetchLinkedInAnalytics(
  session: LinkedInSession,
  accountId: string,
  range: DateRange,
): Promise<LinkedInAnalyticsElement[]> {
  const elements: LinkedInAnalyticsElement[] = [];
  for (const window of splitDateRange(range, ANALYTICS_WINDOW_DAYS)) {
    const query = [
      "q=analytics",
      "pivot=CAMPAIGN",
      "timeGranularity=DAILY",
      `dateRange=(start:${toRestliDate(window.from)},end:${toRestliDate(window.to)})`,
      `accounts=List(${encodeRestliPrimitive(toAccountUrn(accountId))})`,
      `fields=${ANALYTICS_FIELDS.join(",")}`,
    ].join("&");
    const body = await callLinkedIn(session, { path: "/adAnalytics", query });
    elements.push(...parseLinkedInBody(linkedInAnalyticsSchema, body, "the analytics query").elements);
  }
  return elements;
}

/** A Rest.li PARTIAL_UPDATE of one campaign (`{"patch":{"$set":{…}}}`, answered 204). */
export async function updateLinkedInCampaign(
  session: LinkedInSession,
  accountId: string,
  campaignId: string,
  set: Record<string, unknown>,
): Promise<void> {
  await callLinkedIn(session, {
    path: `/adAccounts/${encodeURIComponent(accountId)}/adCampaigns/${encodeURIComponent(campaignId)}`,
    json: { patch: { $set: set } },
    headers: { "X-RestLi-Method": "PARTIAL_UPDATE" },
  });
}
