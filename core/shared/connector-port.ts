/**
 * The connector port: what core needs from an ad platform or a store, and the one error every
 * connector throws. `connectors/` implements it, one connector per platform; each speaks its
 * platform's real HTTP API at base URLs taken from configuration, so the same code talks to the
 * live platform or to the built-in sandbox. Connectors return our model: money in integer minor
 * units plus an ISO 4217 currency, dates as the account's local calendar dates (YYYY-MM-DD).
 * `server/services.ts` builds the registry and hands it to core's use cases.
 */

import type { CampaignStatus } from "./domain-enums.ts";
import type { AdPlatformId, PlatformId, StorePlatformId } from "./platforms.ts";

/** What a connection keeps secret (encrypted at rest) plus the non-secret context a platform needs. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working; null when it does not expire. */
  expiresAt: Date | null;
  /**
   * Non-secret facts from the authorization that later calls need, e.g. a Shopify shop domain,
   * a WooCommerce store URL or the TikTok advertiser ids the grant covers.
   */
  context: Record<string, string>;
}

/** Base URLs and app credentials of one platform, live or sandbox. */
export interface ConnectorConfig {
  /** The OAuth app's client id (TikTok: app_id). */
  clientId: string;
  clientSecret: string;
  /** Microsoft only: the developer token every call carries. */
  developerToken?: string;
  /**
   * Root URLs by name; each connector documents the names it reads, e.g. Google Ads reads
   * `authorize`, `token` and `api`. Values have no trailing slash.
   */
  urls: Record<string, string>;
  /**
   * Live calls to an address a user typed (a WooCommerce store) go through this fetch: the server
   * injects its outbound guard, which refuses private addresses and follows redirects itself.
   */
  fetch?: FetchLike;
  /** The address a user types must be https:// (production). */
  requireHttps?: boolean;
}

/** The part of `fetch` connectors use; the global fetch and the outbound guard both fit. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    redirect: "manual" | "follow";
    signal: AbortSignal;
  },
) => Promise<Response>;

export interface AuthorizeInput {
  state: string;
  /** Our callback URL; it must match exactly at code exchange. */
  redirectUri: string;
  /** Stores only: the shop domain or store URL the user typed (normalized by the connector). */
  storeAddress?: string;
}

export interface ExternalAdAccount {
  externalId: string;
  name: string;
  currency: string;
  timeZone: string;
  /** Non-secret platform facts later calls need (e.g. Microsoft's parent CustomerId). */
  context: Record<string, string>;
}

/** A platform's campaign status in our words (the same set as a stored campaign's). */
export type ExternalCampaignStatus = CampaignStatus;

/**
 * Why the platform itself keeps a campaign from delivering, in our words: its budget is spent,
 * its ads were disapproved, or the ad account is suspended. Another reason a platform names is
 * kept as the platform's own code (e.g. LinkedIn's "CAMPAIGN_AUDIENCE_COUNT_HOLD"), at most
 * PLATFORM_ISSUE_MAX_LENGTH characters.
 */
export type CampaignPlatformIssue = "budget_exhausted" | "disapproved" | "account_suspended" | (string & {});

/** campaigns.platform_issue holds this many characters. */
export const PLATFORM_ISSUE_MAX_LENGTH = 32;

export interface ExternalCampaign {
  externalId: string;
  name: string;
  status: ExternalCampaignStatus;
  /** Daily budget in the account currency's minor units; null when the campaign has none of its own. */
  dailyBudgetMinor: number | null;
  currency: string;
  /**
   * Set when the platform reports that it stopped the campaign (see CampaignPlatformIssue); absent
   * or null when it reports nothing wrong. A campaign its team paused has no issue.
   */
  platformIssue?: CampaignPlatformIssue | null;
}

export interface ExternalDailyMetric {
  campaignExternalId: string;
  /** The account's local calendar date. */
  date: string;
  impressions: number;
  clicks: number;
  spendMinor: number;
  /** Fractional under data-driven attribution. */
  conversions: number;
  conversionValueMinor: number;
  currency: string;
}

/** What an ad's creative shows. */
export type CreativeKind = "image" | "video" | "carousel" | "text";

/** The level between a campaign and its ads: Google/Microsoft/TikTok ad groups, Meta ad sets; on LinkedIn the campaign itself. */
export interface ExternalAdGroup {
  externalId: string;
  campaignExternalId: string;
  name: string;
  status: ExternalCampaignStatus;
}

export interface ExternalCreative {
  /** The platform's creative or asset id when it has its own (Meta adcreative, LinkedIn creative); else the ad's id. */
  externalId: string;
  kind: CreativeKind;
  headline: string | null;
  body: string | null;
  /** The landing page the ad links to, query (UTM parameters) included. */
  landingUrl: string | null;
  /** Tracking parameters the platform appends to clicks (final URL suffix, url_tags); null when none. */
  urlSuffix: string | null;
  /** The image or video file; for a carousel its first card. */
  mediaUrl: string | null;
  thumbnailUrl: string | null;
}

export interface ExternalAd {
  externalId: string;
  adGroupExternalId: string;
  campaignExternalId: string;
  name: string;
  status: ExternalCampaignStatus;
  creative: ExternalCreative;
}

export interface ExternalAdDailyMetric {
  adExternalId: string;
  campaignExternalId: string;
  /** The account's local calendar date. */
  date: string;
  impressions: number;
  /** People reached that day; null where the platform does not report it at this level. */
  reach: number | null;
  clicks: number;
  spendMinor: number;
  conversions: number;
  conversionValueMinor: number;
  /** The platform's video views (2–3 second plays); null for a platform or creative without them. */
  videoViews: number | null;
  currency: string;
}

/**
 * Ad-level reads. Every ad platform implements them; the sync reads them after campaigns.
 * Pagination, async reports and chunking are handled inside, like fetchDailyMetrics.
 */
export interface AdLevelReads {
  listAdGroups(tokens: TokenSet, account: ExternalAdAccount): Promise<ExternalAdGroup[]>;
  listAds(tokens: TokenSet, account: ExternalAdAccount): Promise<ExternalAd[]>;
  /** Every ad-day with activity in the range. */
  fetchAdDailyMetrics(tokens: TokenSet, account: ExternalAdAccount, range: DateRange): Promise<ExternalAdDailyMetric[]>;
  /**
   * Sets the tracking parameters appended to an ad's clicks (Google and Microsoft final URL suffix,
   * Meta url_tags). Absent where the platform's API cannot edit it (TikTok, LinkedIn).
   */
  setAdUrlSuffix?(tokens: TokenSet, account: ExternalAdAccount, adExternalId: string, urlSuffix: string): Promise<void>;
}

/** Ad-level writes beyond the URL suffix; optional per connector. */
export interface AdCreation {
  /**
   * Creates an image ad in an ad group from an uploaded image: the image goes up to the platform
   * first (Meta adimages, Google image asset, …), then the creative and the ad. Returns the ad as
   * the platform now lists it. Absent where the connector cannot create ads with an image yet.
   */
  createImageAd?(tokens: TokenSet, account: ExternalAdAccount, input: NewExternalImageAd): Promise<ExternalAd>;
}

/** What `createImageAd` sends: the ad group, the image's bytes and the ad's copy and landing page. */
export interface NewExternalImageAd {
  adGroupExternalId: string;
  image: { bytes: Uint8Array; contentType: string; fileName: string };
  /** The ad's name on the platform. */
  name: string;
  headline: string;
  body: string;
  /** The landing page, query (UTM parameters) included. */
  landingUrl: string;
  /** The ad delivers at once (enabled) or waits (paused). */
  status: "enabled" | "paused";
}

/** What a conversion action counts, in our words. */
export type ConversionCategory =
  | "purchase"
  | "lead"
  | "sign_up"
  | "add_to_cart"
  | "begin_checkout"
  | "page_view"
  | "phone_call"
  | "other";

/**
 * A platform's conversion action: Google conversion action, Microsoft conversion goal, Meta
 * standard event or custom conversion, TikTok optimisation event, LinkedIn conversion rule.
 */
export interface ExternalConversionAction {
  externalId: string;
  name: string;
  category: ConversionCategory;
  /** Whether the platform's own conversions column includes it (primary / included / not excluded). */
  countedByPlatform: boolean;
  /** The attribution windows the platform uses for it, in days; null where it does not say. */
  clickWindowDays: number | null;
  viewWindowDays: number | null;
}

/** One campaign-day's conversions of one action. */
export interface ExternalConversionDaily {
  campaignExternalId: string;
  actionExternalId: string;
  /** The account's local calendar date. */
  date: string;
  /** Fractional under data-driven attribution. */
  conversions: number;
  conversionValueMinor: number;
  currency: string;
}

/**
 * Conversion reads: which actions the account reports, and each campaign-day's count per action,
 * so a team can choose which actions count without a re-sync.
 */
export interface ConversionReads {
  listConversionActions(tokens: TokenSet, account: ExternalAdAccount): Promise<ExternalConversionAction[]>;
  /** Every campaign-day-action with conversions in the range (pagination and chunking inside). */
  fetchConversionDailyMetrics(
    tokens: TokenSet,
    account: ExternalAdAccount,
    range: DateRange,
  ): Promise<ExternalConversionDaily[]>;
}

export interface DateRange {
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  /** Inclusive, YYYY-MM-DD. */
  to: string;
}

export interface AdPlatformConnector extends AdLevelReads, ConversionReads, AdCreation {
  readonly platform: AdPlatformId;
  authorizeUrl(input: AuthorizeInput): string;
  /** Exchanges the callback's query (code, state, …) for tokens. */
  exchangeCode(callback: URLSearchParams, redirectUri: string): Promise<TokenSet>;
  /** A fresh access token; platforms that rotate refresh tokens return the new one. */
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  listAdAccounts(tokens: TokenSet): Promise<ExternalAdAccount[]>;
  listCampaigns(tokens: TokenSet, account: ExternalAdAccount): Promise<ExternalCampaign[]>;
  /** Every campaign-day with activity in the range (pagination, async reports and chunking handled inside). */
  fetchDailyMetrics(tokens: TokenSet, account: ExternalAdAccount, range: DateRange): Promise<ExternalDailyMetric[]>;
  setCampaignStatus(
    tokens: TokenSet,
    account: ExternalAdAccount,
    campaignExternalId: string,
    status: "enabled" | "paused",
  ): Promise<void>;
  setCampaignDailyBudget(
    tokens: TokenSet,
    account: ExternalAdAccount,
    campaignExternalId: string,
    dailyBudgetMinor: number,
  ): Promise<void>;
  setCampaignName(
    tokens: TokenSet,
    account: ExternalAdAccount,
    campaignExternalId: string,
    name: string,
  ): Promise<void>;
  /** Creates a campaign with its own daily budget in the account's currency; returns it as the platform now lists it. */
  createCampaign(
    tokens: TokenSet,
    account: ExternalAdAccount,
    campaign: NewExternalCampaign,
  ): Promise<ExternalCampaign>;
  /**
   * Tells the platform to drop the grant behind `tokens` (every token of it stops working there).
   * Resolves once the platform confirmed it. A token the platform no longer accepts throws
   * `token_expired` or `access_revoked` like any call. Absent where the platform has no way for an
   * app to do it (Microsoft Advertising, WooCommerce): the person removes the app at the platform.
   */
  revokeAccess?(tokens: TokenSet): Promise<void>;
}

export interface NewExternalCampaign {
  name: string;
  status: "enabled" | "paused";
  /** In the account currency's minor units. */
  dailyBudgetMinor: number;
}

export interface ExternalStore {
  name: string;
  currency: string;
  timeZone: string;
}

export interface ExternalOrder {
  externalId: string;
  /** The order's number as the shop shows it (e.g. "#1001"). */
  name: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  currency: string;
  totalMinor: number;
  refundedMinor: number;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export interface StoreConnector {
  readonly platform: StorePlatformId;
  /** The shop domain or store URL in canonical form, or null when it is not one. */
  normalizeStoreAddress(input: string): string | null;
  /** Why a normalized address cannot be connected on this server, in the form's words; null when it can. */
  storeAddressProblem?(store: string): string | null;
  authorizeUrl(input: AuthorizeInput & { storeAddress: string }): string;
  /**
   * Shopify: verifies the callback (hmac, shop) and exchanges the code.
   * WooCommerce: turns the keys the store POSTed to our callback into tokens (`callback` is that body).
   */
  completeAuthorization(
    callback: URLSearchParams | Record<string, unknown>,
    input: AuthorizeInput & { storeAddress: string },
  ): Promise<TokenSet>;
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  describeStore(tokens: TokenSet): Promise<ExternalStore>;
  /** Paid orders created in the range (UTC dates, inclusive), with totals, refunds and UTM attribution. */
  fetchPaidOrders(tokens: TokenSet, range: DateRange): Promise<ExternalOrder[]>;
  /**
   * Tells the platform to drop the grant behind `tokens` (every token of it stops working there).
   * Resolves once the platform confirmed it. A token the platform no longer accepts throws
   * `token_expired` or `access_revoked` like any call. Absent where the platform has no way for an
   * app to do it (Microsoft Advertising, WooCommerce): the person removes the app at the platform.
   */
  revokeAccess?(tokens: TokenSet): Promise<void>;
}

export type ConnectorMode = "live" | "sandbox" | "unavailable";

/** The connectors of this deployment: each platform live, in the sandbox, or unavailable. */
export interface ConnectorRegistry {
  modeOf(platform: PlatformId): ConnectorMode;
  /** Throws for an unavailable platform; check `modeOf` first. */
  adConnector(platform: AdPlatformId): AdPlatformConnector;
  storeConnector(platform: StorePlatformId): StoreConnector;
  /** The smallest daily budget `platform` accepts for a campaign in `currency`, in minor units. */
  minimumDailyBudgetMinor(platform: AdPlatformId, currency: string): number;
}

/**
 * Every failure a connector reports, whatever the platform's own envelope looked like.
 * - `throttled`: the platform asked us to slow down (Google QuotaError, Meta 4/17/32/613/80004,
 *   Microsoft 117, LinkedIn 429, TikTok's throttling code, Shopify THROTTLED, Retry-After). Retry later.
 * - `unavailable`: 5xx, a timeout or a network failure. Retry later.
 * - `token_expired`: the access token no longer works; refresh it and try once more.
 * - `access_revoked`: the grant is gone (refresh refused, consent withdrawn). Only Reconnect helps.
 * - `rejected`: the platform refused the request itself; retrying changes nothing.
 */
export type PlatformErrorKind = "throttled" | "unavailable" | "token_expired" | "access_revoked" | "rejected";

/** The error the port's implementations throw; core's retry policy reads its kind and wait hint. */
export class PlatformError extends Error {
  readonly platform: PlatformId;
  readonly kind: PlatformErrorKind;
  /** The platform's wait hint, when it gave one. */
  readonly retryAfterMs: number | null;
  /** The platform's own error code, for logs and the sync history. */
  readonly platformCode: string | null;
  readonly httpStatus: number | null;

  constructor(
    platform: PlatformId,
    kind: PlatformErrorKind,
    message: string,
    details: { retryAfterMs?: number | null; platformCode?: string | number | null; httpStatus?: number | null } = {},
  ) {
    super(message);
    this.name = "PlatformError";
    this.platform = platform;
    this.kind = kind;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.platformCode = details.platformCode == null ? null : String(details.platformCode);
    this.httpStatus = details.httpStatus ?? null;
  }

  /** Throttling and outages pass; waiting and trying again is the right answer. */
  get isRetryable(): boolean {
    return this.kind === "throttled" || this.kind === "unavailable";
  }
}
