import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeCampaignWrites } from "#connectors/campaign-writes.contract.ts";
import { describePlatformIssues } from "#connectors/platform-issues.contract.ts";
import type {
  AdPlatformConnector,
  DateRange,
  ExternalAdAccount,
  ExternalCampaign,
  ExternalDailyMetric,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import type { SandboxKit, SimCampaign, SimDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createFacebookAdsConnector, type FacebookAdsConnectorOptions } from "./connector.ts";
import { facebookAdsMetadata } from "./metadata.ts";

const PLATFORM = "facebook-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/facebook-ads/callback";
const SIXTY_DAYS_MS = 60 * 86_400_000;

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
/** Every request the sandbox module received ("GET /v26.0/act_1/insights?..."), to see paging and async jobs. */
const requests: string[] = [];

function recordRequests(kit: SandboxKit): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    requests.push(`${c.req.method} ${url.pathname.replace(/^.*\/facebook-ads/, "")}${url.search}`);
    await next();
  });
  app.route("/", createFacebookAdsSandbox(kit));
  return app;
}

function createConnector(options: FacebookAdsConnectorOptions = {}): AdPlatformConnector {
  return createFacebookAdsConnector(sandbox.config(facebookAdsMetadata), { pollIntervalMs: 10, ...options });
}

async function connect(): Promise<TokenSet> {
  const callback = await sandbox.authorize(
    connector.authorizeUrl({ state: "state-connect", redirectUri: REDIRECT_URI }),
  );
  return connector.exchangeCode(callback.searchParams, REDIRECT_URI);
}

async function firstAccount(): Promise<ExternalAdAccount> {
  const [account] = await connector.listAdAccounts(tokens);
  if (!account) throw new Error("The sandbox has no Meta ad account.");
  return account;
}

function expectedCampaigns(campaigns: SimCampaign[], currency: string): ExternalCampaign[] {
  return campaigns
    .map((campaign) => ({
      externalId: campaign.id,
      name: campaign.name,
      status: campaign.status,
      dailyBudgetMinor: campaign.dailyBudgetMinor,
      currency,
    }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}

function expectedMetrics(rows: SimDailyMetric[], currency: string): ExternalDailyMetric[] {
  return sortMetrics(
    rows.map((row) => ({
      campaignExternalId: row.campaignId,
      date: row.date,
      impressions: row.impressions,
      clicks: row.clicks,
      spendMinor: row.spendMinor,
      conversions: row.conversions,
      conversionValueMinor: row.conversionValueMinor,
      currency,
    })),
  );
}

function sortMetrics(rows: ExternalDailyMetric[]): ExternalDailyMetric[] {
  return [...rows].sort(
    (a, b) => a.date.localeCompare(b.date) || a.campaignExternalId.localeCompare(b.campaignExternalId),
  );
}

function sum(rows: ExternalDailyMetric[], key: "spendMinor" | "conversions" | "conversionValueMinor"): number {
  return Math.round(rows.reduce((total, row) => total + row[key], 0) * 100) / 100;
}

async function rangeEndingToday(days: number): Promise<DateRange> {
  const today = await sandbox.kit.engine.today();
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to: today };
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: recordRequests },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createConnector();
  tokens = await connect();
});

afterEach(async () => {
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
});

describe("Meta connector against the sandbox: authorization", () => {
  it("sends the user to Meta's login dialog with the app, redirect, state and ads scopes", () => {
    const url = new URL(connector.authorizeUrl({ state: "abc123", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/facebook-ads/v26.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: sandbox.config(facebookAdsMetadata).clientId,
      redirect_uri: REDIRECT_URI,
      state: "abc123",
      response_type: "code",
      scope: "ads_read,ads_management,business_management",
    });
    const live = createFacebookAdsConnector({ clientId: "123", clientSecret: "s", urls: facebookAdsMetadata.liveUrls });
    expect(live.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI })).toMatch(
      /^https:\/\/www\.facebook\.com\/v26\.0\/dialog\/oauth\?client_id=123&/,
    );
    expect(facebookAdsMetadata.liveCredentialVariables).toEqual({
      clientId: "META_APP_ID",
      clientSecret: "META_APP_SECRET",
    });
  });

  it("exchanges the code for a short-lived token and that for a ~60-day long-lived one without a refresh token", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "allow-1", redirectUri: REDIRECT_URI }));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("allow-1");
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.hash).toBe("#_=_");

    const before = Date.now();
    const issued = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
    expect(issued.refreshToken).toBeNull();
    expect(issued.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + SIXTY_DAYS_MS - 1000);
    expect(issued.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + SIXTY_DAYS_MS + 1000);
    expect(await connector.listAdAccounts(issued)).not.toHaveLength(0);

    const reused = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(reused).toMatchObject({ kind: "access_revoked", platformCode: "100/36008" });
  });

  it("brings a denial back with Meta's own parameters and the state", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "deny-1", redirectUri: REDIRECT_URI }), {
      deny: true,
    });
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: "access_denied",
      error_code: "200",
      error_description: "Permissions error",
      error_reason: "user_denied",
      state: "deny-1",
    });
    expect(callback.search).toContain("error_description=Permissions+error");
    const error = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(error).toMatchObject({ kind: "access_revoked", platformCode: "user_denied" });
  });

  it("shows Meta's error page to an unknown app id instead of the consent page", async () => {
    const url = new URL(connector.authorizeUrl({ state: "x", redirectUri: REDIRECT_URI }));
    url.searchParams.set("client_id", "999999");
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid App ID");
  });

  it("refreshes by exchanging the long-lived token for a fresh one", async () => {
    const refreshed = await connector.refreshTokens(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.expiresAt?.getTime()).toBeGreaterThan(Date.now() + SIXTY_DAYS_MS - 60_000);
    expect(await connector.listAdAccounts(refreshed)).toHaveLength((await connector.listAdAccounts(tokens)).length);
  });
});

describe("Meta connector against the sandbox: reading", () => {
  it("lists the ad accounts with the engine's currency and time zone", async () => {
    const accounts = await connector.listAdAccounts(tokens);
    const engineAccounts = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM);
    expect(accounts).toEqual(
      engineAccounts.map((account) => ({
        externalId: account.id,
        name: account.name,
        currency: account.currency,
        timeZone: account.timeZone,
        context: {},
      })),
    );
    expect(requests.some((line) => line.startsWith("GET /v26.0/me/adaccounts?fields=id%2Caccount_id"))).toBe(true);
  });

  it("lists every campaign, archived ones included, with budgets in minor units, across pages", async () => {
    const paged = createConnector({ pageSize: 2 });
    requests.length = 0;
    let pageCount = 0;
    for (const account of await paged.listAdAccounts(tokens)) {
      const campaigns = await paged.listCampaigns(tokens, account);
      const engineCampaigns = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
      expect(campaigns).toEqual(expectedCampaigns(engineCampaigns, account.currency));
      pageCount += Math.ceil(engineCampaigns.length / 2);
    }
    const campaignCalls = requests.filter((line) => line.includes("/campaigns?"));
    expect(campaignCalls).toHaveLength(pageCount);
    expect(campaignCalls.some((line) => line.includes("after="))).toBe(true);
    // Archived campaigns, and those Meta stopped (they are listed by that state), but not deleted ones.
    const filter = new URL(campaignCalls[0]!.split(" ")[1]!, "http://sandbox").searchParams.get("effective_status");
    expect(JSON.parse(filter ?? "[]")).toEqual(
      expect.arrayContaining(["ACTIVE", "PAUSED", "ARCHIVED", "WITH_ISSUES", "DISAPPROVED", "PENDING_BILLING_INFO"]),
    );
    expect(JSON.parse(filter ?? "[]")).not.toContain("DELETED");
  });

  it("returns the engine's daily metrics for a short range through the synchronous edge, page by page", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(10);
    const paged = createConnector({ pageSize: 7 });
    requests.length = 0;
    const metrics = sortMetrics(await paged.fetchDailyMetrics(tokens, account, range));
    const engineRows = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    const expected = expectedMetrics(engineRows, account.currency);

    expect(metrics.length).toBeGreaterThan(7);
    expect(metrics).toEqual(expected);
    // A few rows and the totals spelled out: purchases counted once (omni_purchase), money in minor units.
    expect(metrics[0]).toEqual(expected[0]);
    expect(metrics.at(-1)).toEqual(expected.at(-1));
    expect(sum(metrics, "spendMinor")).toBe(sum(expected, "spendMinor"));
    expect(sum(metrics, "conversions")).toBe(sum(expected, "conversions"));
    expect(sum(metrics, "conversionValueMinor")).toBe(sum(expected, "conversionValueMinor"));

    const insightCalls = requests.filter((line) => line.includes("/insights"));
    expect(insightCalls).toHaveLength(Math.ceil(expected.length / 7));
    expect(insightCalls.every((line) => line.startsWith(`GET /v26.0/act_${account.externalId}/insights?`))).toBe(true);
    const first = new URL(`http://x${insightCalls[0]?.slice(4)}`).searchParams;
    expect(first.get("level")).toBe("campaign");
    expect(first.get("time_increment")).toBe("1");
    expect(JSON.parse(first.get("time_range") ?? "")).toEqual({ since: range.from, until: range.to });
  });

  it("uses an async report run for a range over 31 days and reads all its pages", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(40);
    const paged = createConnector({ pageSize: 30 });
    requests.length = 0;
    const metrics = sortMetrics(await paged.fetchDailyMetrics(tokens, account, range));
    const engineRows = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics).toEqual(expectedMetrics(engineRows, account.currency));
    expect(metrics.length).toBeGreaterThan(30);

    expect(requests[0]).toBe(`POST /v26.0/act_${account.externalId}/insights`);
    const runId = requests[1]?.match(/^GET \/v26\.0\/(\d+)$/)?.[1];
    expect(runId).toBeDefined();
    // Polled until "Job Completed", then the results read page by page.
    expect(requests.filter((line) => line === `GET /v26.0/${runId}`).length).toBeGreaterThanOrEqual(2);
    const resultPages = requests.filter((line) => line.startsWith(`GET /v26.0/${runId}/insights?`));
    expect(resultPages).toHaveLength(Math.ceil(metrics.length / 30));
  });
});

describe("Meta connector against the sandbox: changes", () => {
  it("pauses and enables a campaign, visible in the listing and in the engine", async () => {
    const account = await firstAccount();
    const campaign = (await connector.listCampaigns(tokens, account)).find(
      (candidate) => candidate.status !== "removed",
    );
    if (!campaign) throw new Error("No campaign to change.");
    const engineStatus = async () =>
      (await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId)).find(
        (candidate) => candidate.id === campaign.externalId,
      )?.status;

    await connector.setCampaignStatus(tokens, account, campaign.externalId, "paused");
    expect(
      (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign.externalId)?.status,
    ).toBe("paused");
    expect(await engineStatus()).toBe("paused");

    await connector.setCampaignStatus(tokens, account, campaign.externalId, "enabled");
    expect(
      (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign.externalId)?.status,
    ).toBe("enabled");
    expect(await engineStatus()).toBe("enabled");
  });

  it("changes the daily budget in minor units", async () => {
    const account = await firstAccount();
    const [campaign] = await connector.listCampaigns(tokens, account);
    if (!campaign) throw new Error("No campaign to change.");
    await connector.setCampaignDailyBudget(tokens, account, campaign.externalId, 12_345);
    const listed = (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign.externalId);
    expect(listed?.dailyBudgetMinor).toBe(12_345);
    const engineCampaign = (await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId)).find(
      (candidate) => candidate.id === campaign.externalId,
    );
    expect(engineCampaign?.dailyBudgetMinor).toBe(12_345);
    expect(requests.at(-2)).toBe(`POST /v26.0/${campaign.externalId}`);
  });
});

describe("Meta connector against the sandbox: errors", () => {
  it("reports code 17 as throttled with the wait from the business use case header", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error).toMatchObject({
      platform: PLATFORM,
      kind: "throttled",
      platformCode: "17/2446079",
      retryAfterMs: 60_000,
      httpStatus: 400,
      message: "(#17) User request limit reached",
    });
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports Meta's 500 as unavailable", async () => {
    await sandbox.setFault({ kind: "server_error", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error).toMatchObject({ kind: "unavailable", platformCode: "2", httpStatus: 500 });
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports an expired token (190/463) as token_expired, and a refresh fixes it", async () => {
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM, tenant: sandbox.tenant });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error).toMatchObject({ kind: "token_expired", platformCode: "190/463" });
    tokens = await connector.refreshTokens(tokens);
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports a revoked grant (190/458) as access_revoked, and the refresh fails the same way", async () => {
    await sandbox.setFault({ kind: "revoked", platform: PLATFORM, tenant: sandbox.tenant });
    expect(await failureOf(connector.listAdAccounts(tokens))).toMatchObject({
      kind: "access_revoked",
      platformCode: "190/458",
    });
    expect(await failureOf(connector.refreshTokens(tokens))).toMatchObject({ kind: "access_revoked" });
    await sandbox.clearFaults();
    tokens = await connect();
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("passes Meta's own message on for a request it refuses", async () => {
    const account = await firstAccount();
    const [campaign] = await connector.listCampaigns(tokens, account);
    if (!campaign) throw new Error("No campaign to change.");
    const tooLow = await failureOf(connector.setCampaignDailyBudget(tokens, account, campaign.externalId, 1));
    expect(tooLow).toMatchObject({ kind: "rejected", platformCode: "100/1885272" });
    expect(tooLow.message).toContain("The minimum daily budget for this campaign is");

    const unknown = await failureOf(connector.setCampaignStatus(tokens, account, "123", "paused"));
    expect(unknown).toMatchObject({ kind: "rejected", platformCode: "100/33" });
    expect(unknown.message).toContain("Object with ID '123' does not exist");

    const backwards = await failureOf(
      connector.fetchDailyMetrics(tokens, account, { from: "2026-10-10", to: "2026-10-01" }),
    );
    expect(backwards).toMatchObject({
      kind: "rejected",
      message: "(#100) The since date must be on or before the until date",
    });
  });
});

// Meta names an issue in issues_info; its summary is the reason kept.
describePlatformIssues({
  platform: "facebook-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: await firstAccount() }),
  expected: {
    disapproved: "disapproved",
    account_suspended: "Ad account disabled",
    budget_exhausted: "Campaign budget spent",
  },
});

describeCampaignWrites({
  platform: "facebook-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: await firstAccount() }),
  minimumDailyBudgetMinor: 100,
  belowMinimumMessage: /The minimum daily budget for this campaign is 1\.00 [A-Z]{3}/,
  belowMinimumCode: "100/1885272",
});
