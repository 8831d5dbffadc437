import type { Context, Handler } from "hono";
import type { AdPlatformId, PlatformId, StorePlatformId } from "./lib/platform-ids.ts";

/**
 * What every platform's sandbox module gets from the sandbox core. A platform module
 * (`simulator/platforms/<platform>.ts`) exports `create<Platform>Sandbox(kit): Hono`, which the
 * sandbox app mounts at `/sandbox/<platform>`. It speaks only that platform's shapes; the market
 * behind it, the OAuth consent page, credentials, faults and the clock come from here.
 */
export interface SandboxKit {
  engine: MarketEngine;
  credentials: SandboxCredentials;
  faults: SandboxFaults;
  consent: SandboxConsent;
  records: SandboxRecords;
  /** The sandbox's app credentials per platform (the values our config uses in sandbox mode). */
  appCredentials(platform: PlatformId): { clientId: string; clientSecret: string; developerToken?: string };
  /**
   * Whether `url` is Adhelm's own callback for the platform, `APP_URL/integrations/<platform>/callback`
   * (kind "keys": WooCommerce's `…/callback/keys`, where the store POSTs the keys). It is the only
   * place the sandbox sends a browser or a request; anything else gets the platform's error page.
   */
  isAppCallback(platform: PlatformId, url: string, kind?: AppCallbackKind): boolean;
}

export type AppCallbackKind = "browser" | "keys";

// ---------------------------------------------------------------------------------------------
// The market engine: one deterministic simulated market per tenant (an Adhelm organization).

export interface SimAccount {
  /** In the platform's own id style (Google 10 digits, Meta numeric, TikTok 19 digits, …). */
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  /** Microsoft only: the parent customer id. */
  customerId?: string;
}

export type SimCampaignStatus = "enabled" | "paused" | "removed";

/** Why the platform stopped a campaign (see sandbox-campaign-issues.ts). */
export const SIM_CAMPAIGN_ISSUES = ["budget_exhausted", "disapproved", "account_suspended"] as const;
export type SimCampaignIssue = (typeof SIM_CAMPAIGN_ISSUES)[number];

export interface SimCampaign {
  id: string;
  accountId: string;
  name: string;
  status: SimCampaignStatus;
  /** Set when the platform stopped the campaign; each platform's API shows it in its own words. */
  issue?: SimCampaignIssue;
  /** The current daily budget in the account currency's minor units. */
  dailyBudgetMinor: number;
  /** The first date the campaign ran (YYYY-MM-DD). */
  startDate: string;
}

export interface NewSimCampaign {
  name: string;
  status: "enabled" | "paused";
  /** Minor units of the account currency, above zero. */
  dailyBudgetMinor: number;
  /** An id from `newCampaignId`; a fresh one when absent. */
  id?: string;
}

export interface SimDailyMetric {
  campaignId: string;
  /** The account's local date. */
  date: string;
  impressions: number;
  clicks: number;
  spendMinor: number;
  /** As reported on the sandbox's today: the last ~7 days are still growing. Two decimals. */
  conversions: number;
  conversionValueMinor: number;
}

/** What a creative shows. */
export type SimCreativeKind = "image" | "video" | "carousel" | "text";

/** An ad group (Google, Microsoft), ad set (Meta), ad group (TikTok) or, on LinkedIn, the campaign itself. */
export interface SimAdGroup {
  id: string;
  campaignId: string;
  name: string;
  status: SimCampaignStatus;
}

export interface SimCreative {
  /** The platform's own creative or asset id (Meta adcreative, LinkedIn creative, Google asset). */
  id: string;
  kind: SimCreativeKind;
  headline: string;
  body: string;
  /** The landing page as the ad links to it, with its UTM parameters in the query when it has them. */
  landingUrl: string;
  /**
   * Tracking parameters the platform appends to every click (Google and Microsoft final URL
   * suffix, Meta url_tags); null when none are set. Editable through the API where the platform allows.
   */
  urlSuffix: string | null;
  /** Image and video creatives (and a carousel's first card): the sandbox-served file, a real image. */
  mediaUrlPath: string | null;
  thumbnailUrlPath: string | null;
}

export interface SimAd {
  id: string;
  adGroupId: string;
  campaignId: string;
  name: string;
  status: SimCampaignStatus;
  creative: SimCreative;
}

/** An image uploaded through a platform's API (Meta adimages, Google image asset, …). */
export interface SimUploadedImage {
  /** The platform's id of it: Meta's image hash (md5 of the bytes), Google's asset id. */
  id: string;
  accountId: string;
  name: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface NewSimImageAd {
  adGroupId: string;
  campaignId: string;
  name: string;
  status: SimCampaignStatus;
  /** The creative's id (Meta adcreative, Google asset). */
  creativeId: string;
  imageId: string;
  headline: string;
  body: string;
  landingUrl: string;
  urlSuffix: string | null;
}

/** One ad's day. Summed over a campaign's ads, the numbers are the campaign's own for that day. */
export interface SimAdDailyMetric {
  adId: string;
  campaignId: string;
  date: string;
  impressions: number;
  /** People reached that day (impressions ÷ reach is the frequency); Meta and TikTok report it. */
  reach: number;
  clicks: number;
  spendMinor: number;
  conversions: number;
  conversionValueMinor: number;
  /** Video creatives only: views of at least 2 to 3 seconds (the platform's own video view); else 0. */
  videoViews: number;
}

/** What a conversion action counts. */
export type SimConversionCategory =
  | "purchase"
  | "lead"
  | "sign_up"
  | "add_to_cart"
  | "begin_checkout"
  | "page_view"
  | "phone_call"
  | "other";

/** A conversion action (Google), goal (Microsoft), event or custom conversion (Meta, TikTok) or conversion rule (LinkedIn). */
export interface SimConversionAction {
  id: string;
  name: string;
  category: SimConversionCategory;
  /**
   * Whether the platform counts it in its own conversions column (Google "include in conversions"
   * / primary, Microsoft not excluded from bidding, Meta and TikTok the optimisation event, LinkedIn
   * every rule). The counted actions' counts add up to dailyMetrics' conversions and value.
   */
  counted: boolean;
  /** Attribution windows in days (click, view); view 0 where views do not count. */
  clickWindowDays: number;
  viewWindowDays: number;
}

/** One campaign-day's conversions of one action. */
export interface SimConversionDaily {
  campaignId: string;
  actionId: string;
  date: string;
  /** Two decimals, as reported on the sandbox's today (lag included, like dailyMetrics). */
  conversions: number;
  conversionValueMinor: number;
}

export interface SimOrder {
  id: string;
  /** Sequential order number, e.g. 1001. */
  number: number;
  /** ISO 8601 UTC. */
  createdAt: string;
  currency: string;
  totalMinor: number;
  refundedMinor: number;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export interface MarketEngine {
  /** Reads what the engine keeps in the sandbox's state before it answers (the pinned companies). */
  load(): Promise<void>;
  /**
   * Names the tenant's company `brand` (its accounts and store) instead of the one its seed draws,
   * from now on and after a restart. The demo uses it so its organization, store and accounts tell
   * one story; the numbers stay the seed's.
   */
  pinBrand(tenant: string, brand: string): Promise<void>;
  /** The sandbox's current date (UTC based, moved by the sandbox clock). */
  today(): Promise<string>;
  listAccounts(tenant: string, platform: AdPlatformId): SimAccount[];
  /** The campaigns of one account with their current status and budget (after API changes). */
  listCampaigns(tenant: string, platform: AdPlatformId, accountId: string): Promise<SimCampaign[]>;
  /** Rows for dates in [from, to] up to the sandbox's today, only for days a campaign ran. */
  dailyMetrics(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    range: { from: string; to: string },
  ): Promise<SimDailyMetric[]>;
  /** Records a change that takes effect from the sandbox's next day; returns false for an unknown campaign. */
  setCampaignStatus(
    tenant: string,
    platform: AdPlatformId,
    campaignId: string,
    status: SimCampaignStatus,
  ): Promise<boolean>;
  setCampaignDailyBudget(
    tenant: string,
    platform: AdPlatformId,
    campaignId: string,
    dailyBudgetMinor: number,
  ): Promise<boolean>;
  /**
   * The platform stops the campaign (or, with null, lets it run again): the listing shows it at
   * once, and it delivers nothing from the sandbox's next day. False for an unknown campaign.
   */
  setCampaignIssue(
    tenant: string,
    platform: AdPlatformId,
    campaignId: string,
    issue: SimCampaignIssue | null,
  ): Promise<boolean>;
  /** A rename shows at once in listings and reports; false for an unknown campaign. */
  setCampaignName(tenant: string, platform: AdPlatformId, campaignId: string, name: string): Promise<boolean>;
  /** An id in the platform's style that no campaign of the tenant has (to reserve one before creating it). */
  newCampaignId(tenant: string, platform: AdPlatformId): Promise<string>;
  /**
   * Stores a campaign created through a platform's API, with its own daily budget; it runs (or
   * waits, paused) from the sandbox's today on. Null for an account the tenant does not have.
   */
  createCampaign(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    campaign: NewSimCampaign,
  ): Promise<SimCampaign | null>;
  /** The ad groups (ad sets) of one account's campaigns, in a stable order. */
  listAdGroups(tenant: string, platform: AdPlatformId, accountId: string): Promise<SimAdGroup[]>;
  /** The ads of one account with their creatives, in a stable order. */
  listAds(tenant: string, platform: AdPlatformId, accountId: string): Promise<SimAd[]>;
  /** Ad-days for dates in [from, to] up to the sandbox's today; they add up to dailyMetrics' campaign-days. */
  adDailyMetrics(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    range: { from: string; to: string },
  ): Promise<SimAdDailyMetric[]>;
  /**
   * Sets an ad's creative URL suffix (tracking parameters) where the platform's API allows it;
   * false for an unknown ad.
   */
  setAdUrlSuffix(tenant: string, platform: AdPlatformId, adId: string, urlSuffix: string | null): Promise<boolean>;
  /** Keeps an image uploaded through a platform's API; null for an account the tenant does not have, a RangeError for a file that is no image. */
  uploadImage(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    image: { id: string; name: string; bytes: Uint8Array },
  ): Promise<SimUploadedImage | null>;
  findUploadedImage(tenant: string, platform: AdPlatformId, imageId: string): Promise<SimUploadedImage | null>;
  /**
   * Creates an image ad in one of the account's ad groups from an image it uploaded; listAds shows
   * it at once (it delivers nothing yet). Null for an unknown ad group or image.
   */
  createImageAd(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    ad: Omit<NewSimImageAd, "campaignId">,
  ): Promise<SimAd | null>;
  /** The conversion actions of one account, in a stable order. */
  listConversionActions(tenant: string, platform: AdPlatformId, accountId: string): Promise<SimConversionAction[]>;
  /**
   * Per campaign-day and action, for dates in [from, to] up to the sandbox's today. The counted
   * actions of a campaign-day add up exactly to that day's conversions and value in dailyMetrics;
   * the others are counted on top (secondary actions such as add to cart).
   */
  conversionDailyMetrics(
    tenant: string,
    platform: AdPlatformId,
    accountId: string,
    range: { from: string; to: string },
  ): Promise<SimConversionDaily[]>;
  /** The tenant's store. */
  describeStore(tenant: string, store: StorePlatformId): { name: string; currency: string; timeZone: string };
  /** Paid orders created between the two instants (ISO, inclusive from, exclusive to), oldest first. */
  listOrders(tenant: string, store: StorePlatformId, range: { from: string; to: string }): Promise<SimOrder[]>;
}

// ---------------------------------------------------------------------------------------------
// Credentials: authorization codes and tokens, signed so they survive a restart.

export type TokenCheck = { ok: true; tenant: string } | { ok: false; reason: "invalid" | "expired" | "revoked" };

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token lives; null for a token that does not expire. */
  expiresIn: number | null;
}

export interface SandboxCredentials {
  /** A single-use code bound to the client and redirect URI, valid 10 minutes. */
  issueCode(input: { tenant: string; platform: PlatformId; clientId: string; redirectUri: string }): string;
  /** The code's tenant, or null when the code is unknown, used, expired or bound elsewhere. */
  redeemCode(code: string, input: { platform: PlatformId; clientId: string; redirectUri?: string }): string | null;
  issueTokens(input: {
    tenant: string;
    platform: PlatformId;
    accessTtlSeconds: number | null;
    withRefreshToken: boolean;
  }): IssuedTokens;
  /** Checks an access token; honours the `expired_token` and `revoked` faults. */
  checkAccessToken(token: string, platform: PlatformId): Promise<TokenCheck>;
  /** Checks a refresh token; a revoked grant fails with reason "revoked". */
  checkRefreshToken(token: string, platform: PlatformId): Promise<TokenCheck>;
  /**
   * Ends the tenant's grant at the platform, as its revocation endpoint (or uninstalling the app)
   * does: every access and refresh token issued for it until now fails with reason "revoked" from
   * here on. A new consent afterwards issues tokens that work. Kept in the sandbox's settings, so
   * it survives a restart and every node sees it.
   */
  revokeGrant(tenant: string, platform: PlatformId): Promise<void>;
  /**
   * The tenant named by a genuine credential of any platform and kind (signature only: expiry
   * and faults are not checked), or null. The rate limit counts a caller's calls under it.
   */
  tenantOf(token: string): string | null;
}

// ---------------------------------------------------------------------------------------------
// Records: small things a platform module keeps between calls (e.g. a Google budget no campaign
// uses yet). They live in the database, so every node of a cluster sees them.

export interface SandboxRecords {
  get(tenant: string, platform: PlatformId, key: string): Promise<string | null>;
  put(tenant: string, platform: PlatformId, key: string, value: string): Promise<void>;
  /** False when there was no such record. */
  remove(tenant: string, platform: PlatformId, key: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------
// Faults, set per test through the admin API or the CLI.

export type FaultKind = "throttle" | "server_error" | "slow" | "expired_token" | "revoked";

export interface SandboxFaults {
  /**
   * The fault to inject into this API call, if any: "throttle" or "server_error", which the
   * platform module answers in its own shape. A "slow" fault is served here by waiting before it
   * returns. Token faults are applied by `credentials`.
   */
  take(input: { tenant: string; platform: PlatformId }): Promise<"throttle" | "server_error" | null>;
}

// ---------------------------------------------------------------------------------------------
// The OAuth consent page: "Authorize Adhelm to manage your <Platform> sandbox account".

export interface ConsentRequest {
  platform: PlatformId;
  clientId: string;
  redirectUri: string;
  state: string;
  scope?: string;
  /** Stores: the shop domain or store host the consent is for. */
  store?: string;
  /** Extra values the decision handler needs back (e.g. WooCommerce's callback_url). */
  extra?: Record<string, string>;
}

export interface ConsentDecision extends ConsentRequest {
  tenant: string;
  isAllowed: boolean;
}

export interface SandboxConsent {
  /** Renders the consent page (GET at the platform's authorize path). */
  render(c: Context, request: ConsentRequest): Response | Promise<Response>;
  /**
   * The handler for the consent form's POST (mount it at `<platform>/consent`). It checks the
   * form and calls `decide`, which returns the URL to send the browser to: the redirect URI
   * with a code (`credentials.issueCode`) or with the platform's own denial parameters.
   */
  handler(decide: (decision: ConsentDecision) => string | Promise<string>): Handler;
}
