import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeCampaignWrites } from "#connectors/campaign-writes.contract.ts";
import { describePlatformIssues } from "#connectors/platform-issues.contract.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createLinkedInAdsConnector } from "./connector.ts";
import { linkedinAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.com/integrations/linkedin-ads/callback";
const DAY_MS = 86_400_000;

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;

async function connect(state = "state-linkedin"): Promise<TokenSet> {
  const callback = await sandbox.authorize(connector.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
  return connector.exchangeCode(callback.searchParams, REDIRECT_URI);
}

async function catchError(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function engineAccounts() {
  return sandbox.kit.engine.listAccounts(sandbox.tenant, "linkedin-ads");
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "linkedin-ads": createLinkedInAdsSandbox },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata));
  tokens = await connect();
});

afterEach(async () => {
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
});

describe("LinkedIn Ads connector against the sandbox", () => {
  it("sends the member to the authorization page with the ads scopes", () => {
    const url = new URL(connector.authorizeUrl({ state: "s-1", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/linkedin-ads/oauth/v2/authorization`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(sandbox.config(linkedinAdsMetadata).clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("state")).toBe("s-1");
    expect(url.searchParams.get("scope")).toBe("r_ads r_ads_reporting rw_ads");
  });

  it("shows LinkedIn's error page to an unknown client id", async () => {
    const url = new URL(connector.authorizeUrl({ state: "s-2", redirectUri: REDIRECT_URI }));
    url.searchParams.set("client_id", "someone-else");
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The passed in client_id is invalid.");
  });

  it("exchanges the code for a 60-day access token and a 365-day refresh token", async () => {
    const fresh = await connect("state-exchange");
    const now = Date.now();
    expect(fresh.accessToken).not.toBe("");
    expect(fresh.refreshToken).not.toBeNull();
    expect(Math.abs((fresh.expiresAt?.getTime() ?? 0) - (now + 60 * DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(fresh.context.refreshTokenExpiresAt ?? "") - (now + 365 * DAY_MS))).toBeLessThan(60_000);
  });

  it("reports a denial with LinkedIn's error parameters and the state", async () => {
    const url = connector.authorizeUrl({ state: "state-deny", redirectUri: REDIRECT_URI });
    const callback = await sandbox.authorize(url, { deny: true });
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(callback.searchParams.get("error_description")).toBeTruthy();
    expect(callback.searchParams.get("state")).toBe("state-deny");
    expect(callback.searchParams.has("code")).toBe(false);
    const error = await catchError(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(error.kind).toBe("rejected");
  });

  it("refreshes the access token without extending the refresh token's life", async () => {
    const first = await connect("state-refresh");
    const refreshed = await connector.refreshTokens(first);
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed.refreshToken).toBe(first.refreshToken);
    expect(refreshed.context.refreshTokenExpiresAt).toBe(first.context.refreshTokenExpiresAt);
    expect(await connector.listAdAccounts(refreshed)).toHaveLength(engineAccounts().length);
  });

  it("lists the ad accounts with the engine's currencies, on LinkedIn's UTC reporting days", async () => {
    const accounts = await connector.listAdAccounts(tokens);
    const expected = engineAccounts();
    expect(accounts.map((account) => account.externalId).sort()).toEqual(expected.map((account) => account.id).sort());
    for (const account of accounts) {
      const engine = expected.find((candidate) => candidate.id === account.externalId)!;
      expect(account.name).toBe(engine.name);
      expect(account.currency).toBe(engine.currency);
      // LinkedIn ad accounts carry no time zone; reporting days are UTC days.
      expect(account.timeZone).toBe("UTC");
    }
    // One account per page walks the cursor pages and finds the same accounts.
    const paged = await createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata), { pageSize: 1 }).listAdAccounts(
      tokens,
    );
    expect(paged).toEqual(accounts);
  });

  it("lists every campaign with its status and daily budget in minor units", async () => {
    for (const account of await connector.listAdAccounts(tokens)) {
      const campaigns = await connector.listCampaigns(tokens, account);
      const expected = await sandbox.kit.engine.listCampaigns(sandbox.tenant, "linkedin-ads", account.externalId);
      expect(campaigns).toHaveLength(expected.length);
      for (const engine of expected) {
        expect(campaigns).toContainEqual({
          externalId: engine.id,
          name: engine.name,
          status: engine.status,
          dailyBudgetMinor: engine.dailyBudgetMinor,
          currency: account.currency,
        });
      }
      const paged = await createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata), {
        pageSize: 2,
      }).listCampaigns(tokens, account);
      expect(paged).toEqual(campaigns);
    }
  });

  it("fetches daily campaign metrics equal to the engine's, over two analytics windows", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: shiftDate(today, -40), to: shiftDate(today, -1) };
    const [account] = await connector.listAdAccounts(tokens);
    const metrics = await connector.fetchDailyMetrics(tokens, account!, range);
    const expected = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, "linkedin-ads", account!.externalId, range);
    expect(expected.length).toBeGreaterThan(40);
    expect(metrics).toHaveLength(expected.length);
    const byKey = new Map(metrics.map((metric) => [`${metric.campaignExternalId}|${metric.date}`, metric]));
    for (const row of expected) {
      expect(byKey.get(`${row.campaignId}|${row.date}`)).toEqual({
        campaignExternalId: row.campaignId,
        date: row.date,
        impressions: row.impressions,
        clicks: row.clicks,
        spendMinor: row.spendMinor,
        // LinkedIn reports whole conversions.
        conversions: Math.round(row.conversions),
        conversionValueMinor: row.conversionValueMinor,
        currency: account!.currency,
      });
    }
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    expect(total(metrics.map((metric) => metric.spendMinor))).toBe(total(expected.map((row) => row.spendMinor)));
    expect(total(metrics.map((metric) => metric.conversionValueMinor))).toBe(
      total(expected.map((row) => row.conversionValueMinor)),
    );
    expect(total(metrics.map((metric) => metric.impressions))).toBe(total(expected.map((row) => row.impressions)));
  });

  it("pauses, enables and re-budgets a campaign, visible in listCampaigns and in the engine", async () => {
    const [account] = await connector.listAdAccounts(tokens);
    const campaign = (await connector.listCampaigns(tokens, account!)).find((item) => item.status === "enabled")!;
    const engineCampaign = async () =>
      (await sandbox.kit.engine.listCampaigns(sandbox.tenant, "linkedin-ads", account!.externalId)).find(
        (item) => item.id === campaign.externalId,
      )!;
    const listed = async () =>
      (await connector.listCampaigns(tokens, account!)).find((item) => item.externalId === campaign.externalId)!;

    await connector.setCampaignStatus(tokens, account!, campaign.externalId, "paused");
    expect((await listed()).status).toBe("paused");
    expect((await engineCampaign()).status).toBe("paused");

    await connector.setCampaignStatus(tokens, account!, campaign.externalId, "enabled");
    expect((await listed()).status).toBe("enabled");

    const budget = (campaign.dailyBudgetMinor ?? 0) + 1234;
    await connector.setCampaignDailyBudget(tokens, account!, campaign.externalId, budget);
    expect((await listed()).dailyBudgetMinor).toBe(budget);
    expect((await engineCampaign()).dailyBudgetMinor).toBe(budget);
  });

  describe("errors", () => {
    let account: ExternalAdAccount;
    beforeAll(async () => {
      [account] = (await connector.listAdAccounts(tokens)) as [ExternalAdAccount];
    });

    it("reports throttling (a bare 429, so no wait hint)", async () => {
      await sandbox.setFault({ kind: "throttle", platform: "linkedin-ads", remaining: 1 });
      const error = await catchError(connector.listCampaigns(tokens, account));
      expect(error.kind).toBe("throttled");
      expect(error.httpStatus).toBe(429);
      expect(error.retryAfterMs).toBeNull();
    });

    it("reports a server error as unavailable", async () => {
      await sandbox.setFault({ kind: "server_error", platform: "linkedin-ads", remaining: 1 });
      const error = await catchError(connector.listAdAccounts(tokens));
      expect(error.kind).toBe("unavailable");
      expect(error.httpStatus).toBe(500);
    });

    it("reports an expired token, which a refresh fixes", async () => {
      const grant = await connect("state-expired");
      await sandbox.setFault({ kind: "expired_token", platform: "linkedin-ads" });
      const error = await catchError(connector.listAdAccounts(grant));
      expect(error.kind).toBe("token_expired");
      const refreshed = await connector.refreshTokens(grant);
      expect(await connector.listAdAccounts(refreshed)).toHaveLength(engineAccounts().length);
    });

    it("reports a revoked grant, which no refresh can mend", async () => {
      const grant = await connect("state-revoked");
      await sandbox.setFault({ kind: "revoked", platform: "linkedin-ads" });
      expect((await catchError(connector.listAdAccounts(grant))).kind).toBe("access_revoked");
      expect((await catchError(connector.refreshTokens(grant))).kind).toBe("access_revoked");
    });

    it("passes on LinkedIn's message for a refused change", async () => {
      const [campaign] = await connector.listCampaigns(tokens, account);
      const error = await catchError(connector.setCampaignDailyBudget(tokens, account, campaign!.externalId, 500));
      expect(error.kind).toBe("rejected");
      expect(error.httpStatus).toBe(400);
      expect(error.message).toBe(`Campaign daily budget must be at least 10.00 ${account.currency}.`);
    });
  });

  describe("the sandbox's versioned REST rules", () => {
    const call = (path: string, headers: Record<string, string>) =>
      fetch(`${sandbox.root}/linkedin-ads/rest${path}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, ...headers },
      });
    const accountsPath = "/adAccounts?q=search&search=(status:(values:List(ACTIVE)))";

    it("answers 400 without LinkedIn-Version and 426 for a sunset version", async () => {
      const missing = await call(accountsPath, { "X-Restli-Protocol-Version": "2.0.0" });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ status: 400, message: expect.stringContaining("version") });
      const sunset = await call(accountsPath, { "LinkedIn-Version": "202401", "X-Restli-Protocol-Version": "2.0.0" });
      expect(sunset.status).toBe(426);
      expect(await sunset.json()).toMatchObject({ status: 426, message: "Requested version 202401 is not active" });
    });

    it("refuses an account URN that is not percent-encoded inside List()", async () => {
      const [account] = engineAccounts();
      const today = await sandbox.kit.engine.today();
      const [year, month, day] = today.split("-").map(Number);
      const response = await call(
        `/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=(start:(year:${year},month:${month},day:${day}))&accounts=List(urn:li:sponsoredAccount:${account!.id})`,
        { "LinkedIn-Version": "202607", "X-Restli-Protocol-Version": "2.0.0" },
      );
      expect(response.status).toBe(400);
    });

    it("serves budgets as decimal strings and ids as numbers", async () => {
      const [account] = engineAccounts();
      const response = await call(
        `/adAccounts/${account!.id}/adCampaigns?q=search&search=(status:(values:List(ACTIVE)))&pageSize=1`,
        { "LinkedIn-Version": "202607", "X-Restli-Protocol-Version": "2.0.0" },
      );
      const body = (await response.json()) as { elements: { id: unknown; dailyBudget: { amount: unknown } }[] };
      const [element] = body.elements;
      expect(typeof element?.id).toBe("number");
      const engine = (await sandbox.kit.engine.listCampaigns(sandbox.tenant, "linkedin-ads", account!.id)).find(
        (campaign) => campaign.id === String(element?.id),
      );
      expect(element?.dailyBudget.amount).toBe(minorToDecimal(engine!.dailyBudgetMinor, account!.currency));
    });
  });
});

// LinkedIn rejects creatives, not campaigns: servingStatuses do not show it.
describePlatformIssues({
  platform: "linkedin-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: (await connector.listAdAccounts(tokens))[0]! }),
  expected: { budget_exhausted: "budget_exhausted", account_suspended: "account_suspended", disapproved: undefined },
});

describeCampaignWrites({
  platform: "linkedin-ads",
  setUp: async () => ({ sandbox, connector, tokens, account: (await connector.listAdAccounts(tokens))[0]! }),
  minimumDailyBudgetMinor: 1000,
  belowMinimumMessage: /must be at least 10\.00 [A-Z]{3}/,
  belowMinimumCode: "400",
});
