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
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import type { SandboxKit, SimCampaign, SimDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createTikTokAdsConnector, type TikTokAdsConnectorOptions } from "./connector.ts";
import { tiktokAdsMetadata } from "./metadata.ts";

const PLATFORM = "tiktok-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/tiktok-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
/** Every request the sandbox module received ("GET /open_api/v1.3/report/integrated/get/?..."). */
const requests: URL[] = [];

function recordRequests(kit: SandboxKit): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    requests.push(new URL(c.req.url));
    await next();
  });
  app.route("/", createTikTokAdsSandbox(kit));
  return app;
}

function requestsTo(path: string): URLSearchParams[] {
  return requests
    .filter((url) => url.pathname.endsWith(`/tiktok-ads/open_api/v1.3${path}`))
    .map((url) => url.searchParams);
}

function createConnector(options: TikTokAdsConnectorOptions = {}): AdPlatformConnector {
  return createTikTokAdsConnector(sandbox.config(tiktokAdsMetadata), options);
}

async function connect(): Promise<TokenSet> {
  const callback = await sandbox.authorize(
    connector.authorizeUrl({ state: "state-connect", redirectUri: REDIRECT_URI }),
  );
  return connector.exchangeCode(callback.searchParams, REDIRECT_URI);
}

async function firstAccount(): Promise<ExternalAdAccount> {
  const [account] = await connector.listAdAccounts(tokens);
  if (!account) throw new Error("The sandbox has no TikTok advertiser.");
  return account;
}

/** A raw API call with the Access-Token header, to see what the sandbox itself answers. */
async function callApi(path: string, query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${sandbox.config(tiktokAdsMetadata).urls.api}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { "Access-Token": tokens.accessToken } });
  return { status: response.status, body: await response.json() };
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

function shiftDate(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

async function rangeEndingToday(days: number): Promise<DateRange> {
  const today = await sandbox.kit.engine.today();
  return { from: shiftDate(today, -(days - 1)), to: today };
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

describe("TikTok connector against the sandbox: authorization", () => {
  it("sends the advertiser to the authorization portal with app_id, state and redirect_uri", () => {
    const url = new URL(connector.authorizeUrl({ state: "abc123", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/tiktok-ads/portal/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_id: sandbox.config(tiktokAdsMetadata).clientId,
      state: "abc123",
      redirect_uri: REDIRECT_URI,
    });
    const live = createTikTokAdsConnector({ clientId: "7001", clientSecret: "s", urls: tiktokAdsMetadata.liveUrls });
    expect(live.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI })).toMatch(
      /^https:\/\/business-api\.tiktok\.com\/portal\/auth\?app_id=7001&/,
    );
    expect(tiktokAdsMetadata.liveCredentialVariables).toEqual({
      clientId: "TIKTOK_APP_ID",
      clientSecret: "TIKTOK_APP_SECRET",
    });
  });

  it("exchanges auth_code for a long-term token (no expiry, no refresh token) covering the engine's advertisers", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "allow-1", redirectUri: REDIRECT_URI }));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("allow-1");
    const authCode = callback.searchParams.get("auth_code");
    expect(authCode).toBeTruthy();
    expect(callback.searchParams.get("code")).toBe(authCode);

    const issued = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
    const engineIds = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM).map((account) => account.id);
    expect(issued).toEqual({
      accessToken: expect.any(String),
      refreshToken: null,
      expiresAt: null,
      context: { advertiserIds: engineIds.join(",") },
    });
    expect(await connector.listAdAccounts(issued)).toHaveLength(engineIds.length);

    const reused = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(reused).toMatchObject({ kind: "access_revoked", platformCode: "40110" });
  });

  it("comes back from a denial with the state and no auth_code", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "deny-1", redirectUri: REDIRECT_URI }), {
      deny: true,
    });
    expect(Object.fromEntries(callback.searchParams)).toEqual({ state: "deny-1" });
    const error = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(error.kind).toBe("access_revoked");
  });

  it("shows the portal's error page to an unknown app_id", async () => {
    const url = new URL(connector.authorizeUrl({ state: "x", redirectUri: REDIRECT_URI }));
    url.searchParams.set("app_id", "999");
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The app_id is invalid");
  });

  it("refreshes by returning the same long-term token while the grant holds", async () => {
    const refreshed = await connector.refreshTokens(tokens);
    expect(refreshed).toEqual(tokens);
  });
});

describe("TikTok connector against the sandbox: reading", () => {
  it("lists the advertisers with the engine's currency and time zone", async () => {
    requests.length = 0;
    const accounts = await connector.listAdAccounts(tokens);
    expect(accounts).toEqual(
      sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM).map((account) => ({
        externalId: account.id,
        name: account.name,
        currency: account.currency,
        timeZone: account.timeZone,
        context: {},
      })),
    );
    expect(requestsTo("/oauth2/advertiser/get/")[0]?.get("app_id")).toBe(sandbox.config(tiktokAdsMetadata).clientId);
    expect(JSON.parse(requestsTo("/advertiser/info/")[0]?.get("advertiser_ids") ?? "[]")).toEqual(
      accounts.map((account) => account.externalId),
    );
  });

  it("lists every campaign, deleted ones included, with budgets converted from major units, page by page", async () => {
    const paged = createConnector({ pageSize: 2 });
    requests.length = 0;
    let pageCount = 0;
    for (const account of await paged.listAdAccounts(tokens)) {
      const campaigns = await paged.listCampaigns(tokens, account);
      const engineCampaigns = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
      expect(campaigns).toEqual(expectedCampaigns(engineCampaigns, account.currency));
      pageCount += Math.ceil(engineCampaigns.length / 2);
    }
    const calls = requestsTo("/campaign/get/");
    expect(calls).toHaveLength(pageCount);
    expect(calls.map((query) => query.get("page"))).toContain("2");
    expect(calls[0]?.get("page_size")).toBe("2");
    expect(JSON.parse(calls[0]?.get("filtering") ?? "{}")).toEqual({ primary_status: "STATUS_ALL" });
  });

  it("returns the engine's daily metrics for a short range, page by page", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(10);
    const paged = createConnector({ pageSize: 7 });
    requests.length = 0;
    const metrics = sortMetrics(await paged.fetchDailyMetrics(tokens, account, range));
    const engineRows = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    const expected = expectedMetrics(engineRows, account.currency);

    expect(metrics.length).toBeGreaterThan(7);
    expect(metrics).toEqual(expected);
    expect(metrics[0]).toEqual(expected[0]);
    expect(metrics.at(-1)).toEqual(expected.at(-1));
    expect(sum(metrics, "spendMinor")).toBe(sum(expected, "spendMinor"));
    expect(sum(metrics, "conversions")).toBe(sum(expected, "conversions"));
    expect(sum(metrics, "conversionValueMinor")).toBe(sum(expected, "conversionValueMinor"));

    const calls = requestsTo("/report/integrated/get/");
    expect(calls).toHaveLength(Math.ceil(expected.length / 7));
    expect(calls[0]?.get("data_level")).toBe("AUCTION_CAMPAIGN");
    expect(JSON.parse(calls[0]?.get("dimensions") ?? "[]")).toEqual(["campaign_id", "stat_time_day"]);
    expect(JSON.parse(calls[0]?.get("metrics") ?? "[]")).toContain("total_complete_payment_rate");
  });

  it("splits a 45-day range into requests of at most 30 days", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(45);
    requests.length = 0;
    const metrics = sortMetrics(await connector.fetchDailyMetrics(tokens, account, range));
    const engineRows = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics).toEqual(expectedMetrics(engineRows, account.currency));
    const windows = requestsTo("/report/integrated/get/").map((query) => [
      query.get("start_date"),
      query.get("end_date"),
    ]);
    expect(windows).toEqual([
      [range.from, shiftDate(range.from, 29)],
      [shiftDate(range.from, 30), range.to],
    ]);
  });

  it("refuses a daily report over 30 days and a page size over 1000, with HTTP 200 and a non-zero code", async () => {
    const account = await firstAccount();
    const today = await sandbox.kit.engine.today();
    const query = {
      advertiser_id: account.externalId,
      report_type: "BASIC",
      data_level: "AUCTION_CAMPAIGN",
      dimensions: JSON.stringify(["campaign_id", "stat_time_day"]),
      metrics: JSON.stringify(["spend"]),
      start_date: shiftDate(today, -30),
      end_date: today,
      page: "1",
      page_size: "1000",
    };
    const tooLong = await callApi("/report/integrated/get/", query);
    expect(tooLong.status).toBe(200);
    expect(tooLong.body).toMatchObject({ code: 40002, message: expect.stringContaining("cannot exceed 30 days") });

    const thirtyDays = await callApi("/report/integrated/get/", { ...query, start_date: shiftDate(today, -29) });
    expect(thirtyDays.body).toMatchObject({
      code: 0,
      message: "OK",
      data: { page_info: { page: 1, page_size: 1000 } },
    });

    const hugePage = await callApi("/report/integrated/get/", { ...query, start_date: today, page_size: "1001" });
    expect(hugePage.body).toMatchObject({ code: 40002, message: expect.stringContaining("page_size") });
  });
});

describe("TikTok connector against the sandbox: changes", () => {
  it("disables and enables a campaign, visible in the listing and in the engine", async () => {
    const account = await firstAccount();
    const campaign = (await connector.listCampaigns(tokens, account)).find(
      (candidate) => candidate.status !== "removed",
    );
    if (!campaign) throw new Error("No campaign to change.");
    const engineStatus = async () =>
      (await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId)).find(
        (candidate) => candidate.id === campaign.externalId,
      )?.status;
    const listedStatus = async () =>
      (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign.externalId)?.status;

    await connector.setCampaignStatus(tokens, account, campaign.externalId, "paused");
    expect(await listedStatus()).toBe("paused");
    expect(await engineStatus()).toBe("paused");
    await connector.setCampaignStatus(tokens, account, campaign.externalId, "enabled");
    expect(await listedStatus()).toBe("enabled");
    expect(await engineStatus()).toBe("enabled");
  });

  it("changes the daily budget, sent in major units", async () => {
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
    const campaigns = await callApi("/campaign/get/", { advertiser_id: account.externalId, page_size: "1000" });
    const raw = (campaigns.body as { data: { list: { campaign_id: string; budget: number }[] } }).data.list.find(
      (item) => item.campaign_id === campaign.externalId,
    );
    expect(raw?.budget).toBe(account.currency === "JPY" ? 12_345 : 123.45);
  });
});

describe("TikTok connector against the sandbox: errors", () => {
  it("reports code 40100 (at HTTP 200) as throttled", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error).toMatchObject({
      platform: PLATFORM,
      kind: "throttled",
      platformCode: "40100",
      httpStatus: 200,
      retryAfterMs: null,
    });
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports TikTok's 500 as unavailable", async () => {
    await sandbox.setFault({ kind: "server_error", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error).toMatchObject({ kind: "unavailable", httpStatus: 500 });
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports an expired token as token_expired; with no refresh token, the refresh asks for a reconnect", async () => {
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM, tenant: sandbox.tenant });
    expect(await failureOf(connector.listAdAccounts(tokens))).toMatchObject({
      kind: "token_expired",
      platformCode: "40102",
    });
    expect(await failureOf(connector.refreshTokens(tokens))).toMatchObject({ kind: "access_revoked" });
    tokens = await connect();
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("reports a revoked grant: the call as token_expired (40105), the refresh as access_revoked", async () => {
    await sandbox.setFault({ kind: "revoked", platform: PLATFORM, tenant: sandbox.tenant });
    expect(await failureOf(connector.listAdAccounts(tokens))).toMatchObject({
      kind: "token_expired",
      platformCode: "40105",
    });
    expect(await failureOf(connector.refreshTokens(tokens))).toMatchObject({
      kind: "access_revoked",
      platformCode: "40105",
    });
    await sandbox.clearFaults();
    tokens = await connect();
    expect(await connector.listAdAccounts(tokens)).not.toHaveLength(0);
  });

  it("passes TikTok's own message on for a request it refuses", async () => {
    const account = await firstAccount();
    const error = await failureOf(connector.setCampaignDailyBudget(tokens, account, "1234567890", 5_000));
    expect(error).toMatchObject({
      kind: "rejected",
      platformCode: "40002",
      message: "Campaign 1234567890 does not exist.",
    });
    const backwards = await failureOf(
      connector.fetchDailyMetrics(tokens, account, { from: "2026-10-10", to: "2026-10-01" }),
    );
    expect(backwards).toMatchObject({
      kind: "rejected",
      message: "end_date must be later than or equal to start_date.",
    });
  });
});

// TikTok rejects ads, not campaigns: the campaign's secondary status does not show it.
describePlatformIssues({
  platform: "tiktok-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: await firstAccount() }),
  expected: { budget_exhausted: "budget_exhausted", account_suspended: "account_suspended", disapproved: undefined },
});

describeCampaignWrites({
  platform: "tiktok-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: await firstAccount() }),
  minimumDailyBudgetMinor: 5000,
  belowMinimumMessage: /must be at least 50\.00 [A-Z]{3}/,
  belowMinimumCode: "40002",
});
