import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeCampaignWrites } from "#connectors/campaign-writes.contract.ts";
import { describePlatformIssues } from "#connectors/platform-issues.contract.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import type {
  AdPlatformConnector,
  ExternalAdAccount,
  ExternalDailyMetric,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import type { SimDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createGoogleAdsConnector } from "./connector.ts";
import { googleAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/google-ads/callback";
const PLATFORM = "google-ads";
/** Small pages, so every listing and report here crosses page and batch boundaries. */
const SMALL_PAGE = 2;

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;

async function connect(): Promise<TokenSet> {
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "state-1", redirectUri: REDIRECT_URI }));
  return connector.exchangeCode(callback.searchParams, REDIRECT_URI);
}

function expectedMetric(row: SimDailyMetric, currency: string): ExternalDailyMetric {
  return {
    campaignExternalId: row.campaignId,
    date: row.date,
    impressions: row.impressions,
    clicks: row.clicks,
    spendMinor: row.spendMinor,
    conversions: row.conversions,
    conversionValueMinor: row.conversionValueMinor,
    currency,
  };
}

const byDayAndCampaign = (a: { date: string; campaignExternalId: string }, b: typeof a) =>
  a.date.localeCompare(b.date) || a.campaignExternalId.localeCompare(b.campaignExternalId);

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: (kit) => createGoogleAdsSandbox(kit, { pageSize: SMALL_PAGE }) },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createGoogleAdsConnector(sandbox.config(googleAdsMetadata));
  tokens = await connect();
  const accounts = await connector.listAdAccounts(tokens);
  const first = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM)[0];
  account = accounts.find((candidate) => candidate.externalId === first?.id) ?? accounts[0]!;
});

afterAll(async () => {
  await sandbox?.close();
});

afterEach(async () => {
  await sandbox.clearFaults();
});

describe("Google Ads OAuth", () => {
  it("sends the user to Google's consent page for offline access to the adwords scope", () => {
    const url = new URL(connector.authorizeUrl({ state: "xyz", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/google-ads/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: sandbox.kit.appCredentials(PLATFORM).clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "https://www.googleapis.com/auth/adwords",
      access_type: "offline",
      prompt: "consent",
      state: "xyz",
    });
  });

  it("exchanges the code from Allow for an hour-long access token and a refresh token", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s-allow", redirectUri: REDIRECT_URI }));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("s-allow");
    expect(callback.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/adwords");

    const before = Date.now();
    const issued = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
    expect(issued.accessToken).toMatch(/^ya29\./);
    expect(issued.refreshToken).toBeTruthy();
    const lifetime = (issued.expiresAt?.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3601_000);

    // A code works once.
    const again = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(again.kind).toBe("rejected");
    expect(again.platformCode).toBe("invalid_grant");
  });

  it("returns Google's access_denied with the state when the user denies", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s-deny", redirectUri: REDIRECT_URI }), {
      deny: true,
    });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("error_description")).toBeTruthy();
    expect(callback.searchParams.get("state")).toBe("s-deny");
    expect(callback.searchParams.has("code")).toBe(false);
    const error = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(error.kind).toBe("rejected");
    expect(error.platformCode).toBe("access_denied");
  });

  it("shows Google's invalid_client error page for an unknown client id", async () => {
    const url = new URL(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
    url.searchParams.set("client_id", "someone-else.apps.googleusercontent.com");
    const response = await fetch(url);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("invalid_client");
  });

  it("refreshes the access token and keeps the refresh token, as Google does", async () => {
    const refreshed = await connector.refreshTokens(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    await expect(connector.listAdAccounts(refreshed)).resolves.toHaveLength(
      sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM).length,
    );
  });
});

describe("Google Ads reads", () => {
  it("lists the accessible customers with their currency and time zone", async () => {
    const accounts = await connector.listAdAccounts(tokens);
    const expected = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM);
    expect(accounts).toEqual(
      expected.map((simulated) => ({
        externalId: simulated.id,
        name: simulated.name,
        currency: simulated.currency,
        timeZone: simulated.timeZone,
        context: {},
      })),
    );
  });

  it("lists every campaign across search pages with status and daily budget in minor units", async () => {
    const simulated = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    expect(simulated.length).toBeGreaterThan(SMALL_PAGE);
    const campaigns = await connector.listCampaigns(tokens, account);
    expect(campaigns).toEqual(
      simulated.map((campaign) => ({
        externalId: campaign.id,
        name: campaign.name,
        status: campaign.status,
        dailyBudgetMinor: campaign.dailyBudgetMinor,
        currency: account.currency,
      })),
    );
  });

  it("fetches every campaign-day of a range from searchStream batches, converted from micros", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -20), to: addDays(today, -1) };
    const simulated = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(simulated.length).toBeGreaterThan(SMALL_PAGE * 3);

    const metrics = await connector.fetchDailyMetrics(tokens, account, range);
    const expected = simulated.map((row) => expectedMetric(row, account.currency));
    expect([...metrics].sort(byDayAndCampaign)).toEqual([...expected].sort(byDayAndCampaign));

    const sample = simulated[0]!;
    const mapped = metrics.find((row) => row.campaignExternalId === sample.campaignId && row.date === sample.date);
    expect(mapped?.spendMinor).toBe(sample.spendMinor);
    expect(mapped?.conversionValueMinor).toBe(sample.conversionValueMinor);
    expect(mapped?.conversions).toBe(sample.conversions);
    const sum = (rows: { spendMinor: number; clicks: number }[]) =>
      rows.reduce((total, row) => ({ spend: total.spend + row.spendMinor, clicks: total.clicks + row.clicks }), {
        spend: 0,
        clicks: 0,
      });
    expect(sum(metrics)).toEqual(sum(simulated));
  });

  it("returns no rows for a range before any campaign ran", async () => {
    await expect(
      connector.fetchDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });
});

describe("Google Ads changes", () => {
  it("pauses and enables a campaign through campaigns:mutate", async () => {
    const [campaign] = (await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId)).filter(
      (candidate) => candidate.status === "enabled",
    );
    expect(campaign).toBeDefined();

    await connector.setCampaignStatus(tokens, account, campaign!.id, "paused");
    const paused = (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign!.id);
    expect(paused?.status).toBe("paused");
    const inEngine = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    expect(inEngine.find((c) => c.id === campaign!.id)?.status).toBe("paused");

    await connector.setCampaignStatus(tokens, account, campaign!.id, "enabled");
    const enabled = (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign!.id);
    expect(enabled?.status).toBe("enabled");
  });

  it("changes the daily budget through the campaign's CampaignBudget", async () => {
    const [campaign] = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    const budget = campaign!.dailyBudgetMinor + 1234;

    await connector.setCampaignDailyBudget(tokens, account, campaign!.id, budget);
    const listed = (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign!.id);
    expect(listed?.dailyBudgetMinor).toBe(budget);
    const inEngine = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    expect(inEngine.find((c) => c.id === campaign!.id)?.dailyBudgetMinor).toBe(budget);
  });

  it("reports Google's RESOURCE_NOT_FOUND for a campaign the account does not have as rejected", async () => {
    const error = await failureOf(connector.setCampaignStatus(tokens, account, "99999999999", "paused"));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("Resource was not found.");
    expect(error.platformCode).toBe("mutateError.RESOURCE_NOT_FOUND");
    expect(error.httpStatus).toBe(400);
  });

  it("refuses a second campaign of the same name, and removes the budget it created for it", async () => {
    const [existing] = await connector.listCampaigns(tokens, account);
    const pendingBudgets = async () =>
      (await sandbox.db.selectFrom("sandbox_settings").select("key").where("key", "like", "google-ads:%").execute())
        .length;

    const error = await failureOf(
      connector.createCampaign(tokens, account, { name: existing!.name, status: "enabled", dailyBudgetMinor: 5000 }),
    );
    expect(error.kind).toBe("rejected");
    expect(error.platformCode).toBe("campaignError.DUPLICATE_CAMPAIGN_NAME");
    expect(error.message).toBe("Cannot have two campaigns with the same name.");
    expect(await pendingBudgets()).toBe(0);
    expect((await connector.listCampaigns(tokens, account)).filter((c) => c.name === existing!.name)).toHaveLength(1);
  });

  it("reports a budget change for an unknown campaign as rejected", async () => {
    const error = await failureOf(connector.setCampaignDailyBudget(tokens, account, "99999999999", 5000));
    expect(error.kind).toBe("rejected");
  });
});

describe("Google Ads errors", () => {
  it("reads a QuotaError as throttled with QuotaErrorDetails' retry delay", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listCampaigns(tokens, account));
    expect(error.kind).toBe("throttled");
    expect(error.retryAfterMs).toBe(1000);
    expect(error.httpStatus).toBe(429);
    expect(error.platformCode).toBe("quotaError.RESOURCE_TEMPORARILY_EXHAUSTED");
    // The fault had one hit; the next call goes through.
    await expect(connector.listCampaigns(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads a 500 INTERNAL as unavailable", async () => {
    await sandbox.setFault({ kind: "server_error", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error.kind).toBe("unavailable");
    expect(error.httpStatus).toBe(500);
  });

  it("reads an expired access token as token_expired, and a refresh fixes it", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const error = await failureOf(connector.listCampaigns(current, account));
    expect(error.kind).toBe("token_expired");
    expect(error.httpStatus).toBe(401);

    const refreshed = await connector.refreshTokens(current);
    await expect(connector.listCampaigns(refreshed, account)).resolves.not.toHaveLength(0);
  });

  it("reads a revoked grant as access_revoked, on a call and on refresh", async () => {
    await sandbox.setFault({ kind: "revoked", platform: PLATFORM });
    const call = await failureOf(connector.listAdAccounts(tokens));
    expect(call.kind).toBe("access_revoked");
    const refresh = await failureOf(connector.refreshTokens(tokens));
    expect(refresh.kind).toBe("access_revoked");
    expect(refresh.platformCode).toBe("invalid_grant");
  });

  it("reads a token the platform never issued as token_expired", async () => {
    const error = await failureOf(connector.listAdAccounts({ ...tokens, accessToken: "ya29.not-a-token" }));
    expect(error.kind).toBe("token_expired");
  });

  it("refuses a GAQL query it does not understand with Google's QueryError", async () => {
    const response = await fetch(`${sandbox.root}/google-ads/v26/customers/${account.externalId}/googleAds:search`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "SELECT ad_group_criterion.keyword.text FROM ad_group_criterion" }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; details: { errors: unknown[] }[] } };
    expect(body.error.status).toBe("INVALID_ARGUMENT");
    expect(body.error.details[0]?.errors[0]).toMatchObject({ errorCode: { queryError: "UNRECOGNIZED_FIELD" } });
  });
});

describe("Google Ads at Google's own page size", () => {
  let big: SandboxServer;
  let bigConnector: AdPlatformConnector;
  let bigTokens: TokenSet;

  beforeAll(async () => {
    big = await startSandboxServer({
      platforms: { [PLATFORM]: createGoogleAdsSandbox },
      shapeFor: (_tenant, platform) => (platform === PLATFORM ? { accounts: 1, campaignsPerAccount: 320 } : undefined),
      appUrl: new URL(REDIRECT_URI).origin,
    });
    bigConnector = createGoogleAdsConnector(big.config(googleAdsMetadata));
    const callback = await big.authorize(bigConnector.authorizeUrl({ state: "big", redirectUri: REDIRECT_URI }));
    bigTokens = await bigConnector.exchangeCode(callback.searchParams, REDIRECT_URI);
  });

  afterAll(async () => {
    await big?.close();
  });

  it("reads more than 10,000 campaign-days, streamed in batches of 10,000 and paged by nextPageToken", async () => {
    const [bigAccount] = await bigConnector.listAdAccounts(bigTokens);
    const today = await big.kit.engine.today();
    const range = { from: addDays(today, -44), to: today };
    const simulated = await big.kit.engine.dailyMetrics(big.tenant, PLATFORM, bigAccount!.externalId, range);
    expect(simulated.length).toBeGreaterThan(10_000);

    const metrics = await bigConnector.fetchDailyMetrics(bigTokens, bigAccount!, range);
    expect(metrics).toHaveLength(simulated.length);
    const expected = simulated.map((row) => expectedMetric(row, bigAccount!.currency));
    expect([...metrics].sort(byDayAndCampaign)).toEqual([...expected].sort(byDayAndCampaign));

    // The same query as raw pages: 10,000 rows, then the rest behind nextPageToken.
    const query =
      "SELECT campaign.id, segments.date, metrics.clicks FROM campaign " +
      `WHERE segments.date BETWEEN '${range.from}' AND '${range.to}'`;
    const search = async (body: Record<string, unknown>) => {
      const response = await fetch(`${big.root}/google-ads/v26/customers/${bigAccount!.externalId}/googleAds:search`, {
        method: "POST",
        headers: { authorization: `Bearer ${bigTokens.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const first = await search({ query });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(10_000);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await search({ query, pageToken: first.body.nextPageToken });
    expect(second.body.results).toHaveLength(simulated.length - 10_000);
    expect(second.body.nextPageToken).toBeUndefined();
    // page_size went away in v16.
    expect((await search({ query, pageSize: 100 })).status).toBe(400);
  });
});

// Google pauses no campaign for its daily budget: a spent one is LIMITED and still serves.
describePlatformIssues({
  platform: "google-ads",
  setUp: async () => ({ sandbox, connector, tokens, account }),
  expected: { disapproved: "disapproved", account_suspended: "account_suspended", budget_exhausted: undefined },
});

describeCampaignWrites({
  platform: "google-ads",
  setUp: async () => ({ sandbox, connector, tokens, account }),
  minimumDailyBudgetMinor: 100,
  belowMinimumMessage: /per-day minimum\. The minimum daily budget is 1\.00 [A-Z]{3}\./,
  belowMinimumCode: "campaignBudgetError.BUDGET_BELOW_PER_DAY_MINIMUM",
});
