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
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import type { SimDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createMicrosoftAdsConnector } from "./connector.ts";
import { microsoftAdsMetadata } from "./metadata.ts";
import { readCsvRecords, readZipEntries } from "./report-file.ts";

const REDIRECT_URI = "https://app.example.test/integrations/microsoft-ads/callback";
const PLATFORM = "microsoft-ads";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;

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

/** A raw call to the sandbox's REST services, with the headers Microsoft requires. */
async function callService(path: string, body: unknown, scope: { customerId?: string; accountId?: string } = {}) {
  const response = await fetch(`${sandbox.root}/microsoft-ads/${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens.accessToken}`,
      developertoken: sandbox.kit.appCredentials(PLATFORM).developerToken ?? "",
      "content-type": "application/json",
      ...(scope.customerId ? { customerid: scope.customerId } : {}),
      ...(scope.accountId ? { customeraccountid: scope.accountId } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: createMicrosoftAdsSandbox },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  // Short report polls; the sandbox still answers Pending once before Success.
  connector = createMicrosoftAdsConnector(sandbox.config(microsoftAdsMetadata), { pollDelayMs: () => 20 });
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "state-1", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
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

describe("Microsoft Advertising OAuth", () => {
  it("sends the user to the Microsoft identity platform with the msads.manage and offline_access scopes", () => {
    const url = new URL(connector.authorizeUrl({ state: "xyz", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.root}/microsoft-ads/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: sandbox.kit.appCredentials(PLATFORM).clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      response_mode: "query",
      state: "xyz",
    });
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["https://ads.microsoft.com/msads.manage", "offline_access"]),
    );
  });

  it("exchanges the code from Allow for an hour-long access token and a refresh token", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s-allow", redirectUri: REDIRECT_URI }));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("s-allow");
    const before = Date.now();
    const issued = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
    expect(issued.accessToken).toBeTruthy();
    expect(issued.refreshToken).toBeTruthy();
    const lifetime = (issued.expiresAt?.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3601_000);

    const again = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(again.kind).toBe("rejected");
    expect(again.platformCode).toBe("AADSTS70000");
  });

  it("returns access_denied with Microsoft's description and the state when the user declines", async () => {
    const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s-deny", redirectUri: REDIRECT_URI }), {
      deny: true,
    });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("error_description")).toContain("AADSTS65004");
    expect(callback.searchParams.get("state")).toBe("s-deny");
    expect(callback.searchParams.has("code")).toBe(false);
    const error = await failureOf(connector.exchangeCode(callback.searchParams, REDIRECT_URI));
    expect(error.kind).toBe("rejected");
  });

  it("shows Microsoft's AADSTS700016 sign-in error for an unknown client id", async () => {
    const url = new URL(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
    url.searchParams.set("client_id", "00000000-0000-0000-0000-000000000000");
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("AADSTS700016");
  });

  it("rotates the refresh token on every refresh", async () => {
    const refreshed = await connector.refreshTokens(tokens);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const again = await connector.refreshTokens(refreshed);
    expect(again.refreshToken).not.toBe(refreshed.refreshToken);
    await expect(connector.listCampaigns(again, account)).resolves.not.toHaveLength(0);
  });
});

describe("Microsoft Advertising reads", () => {
  it("lists the accounts of every customer with currency and an IANA time zone", async () => {
    const accounts = await connector.listAdAccounts(tokens);
    const expected = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM);
    expect(accounts).toEqual(
      expected.map((simulated) => ({
        externalId: simulated.id,
        name: simulated.name,
        currency: simulated.currency,
        timeZone: simulated.timeZone,
        context: { customerId: simulated.customerId, timeZoneName: expect.any(String) },
      })),
    );
  });

  it("lists the account's campaigns with status and daily budget in minor units (deleted ones left out)", async () => {
    const simulated = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    const campaigns = await connector.listCampaigns(tokens, account);
    expect(campaigns).toEqual(
      simulated
        .filter((campaign) => campaign.status !== "removed")
        .map((campaign) => ({
          externalId: campaign.id,
          name: campaign.name,
          status: campaign.status,
          dailyBudgetMinor: campaign.dailyBudgetMinor,
          currency: account.currency,
        })),
    );
  });

  it("fetches every campaign-day of a range through an asynchronous report (Submit, Poll, ZIP, CSV)", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -30), to: addDays(today, -1) };
    const simulated = await sandbox.kit.engine.dailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(simulated.length).toBeGreaterThan(30);

    const metrics = await connector.fetchDailyMetrics(tokens, account, range);
    const expected = simulated.map((row) => expectedMetric(row, account.currency));
    expect([...metrics].sort(byDayAndCampaign)).toEqual([...expected].sort(byDayAndCampaign));

    const sample = simulated[simulated.length - 1]!;
    const mapped = metrics.find((row) => row.campaignExternalId === sample.campaignId && row.date === sample.date);
    expect(mapped).toEqual(expectedMetric(sample, account.currency));
    const total = (rows: { spendMinor: number; conversionValueMinor: number; impressions: number }[]) =>
      rows.reduce(
        (sum, row) => ({
          spend: sum.spend + row.spendMinor,
          value: sum.value + row.conversionValueMinor,
          impressions: sum.impressions + row.impressions,
        }),
        { spend: 0, value: 0, impressions: 0 },
      );
    expect(total(metrics)).toEqual(total(simulated));
  });

  it("returns no rows when the report is empty (Success without a download URL)", async () => {
    await expect(
      connector.fetchDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-07" }),
    ).resolves.toEqual([]);
  });

  it("serves the report as Microsoft does: Pending first, then a download URL to a ZIP holding a CSV", async () => {
    const scope = { customerId: account.context.customerId, accountId: account.externalId };
    const today = await sandbox.kit.engine.today();
    const submitted = await callService(
      "Reporting/v13/GenerateReport/Submit",
      {
        ReportRequest: {
          Type: "CampaignPerformanceReportRequest",
          Format: "Csv",
          FormatVersion: "2.0",
          ExcludeReportHeader: true,
          ExcludeReportFooter: true,
          Aggregation: "Daily",
          Columns: ["TimePeriod", "CampaignId", "Spend"],
          Scope: { AccountIds: [Number(account.externalId)] },
          Time: {
            CustomDateRangeStart: { Day: Number(today.slice(8, 10)), Month: Number(today.slice(5, 7)), Year: 2026 },
            CustomDateRangeEnd: { Day: Number(today.slice(8, 10)), Month: Number(today.slice(5, 7)), Year: 2026 },
            ReportTimeZone: account.context.timeZoneName,
          },
        },
      },
      scope,
    );
    expect(submitted.status).toBe(200);
    const id = submitted.body.ReportRequestId;
    const first = await callService("Reporting/v13/GenerateReport/Poll", { ReportRequestId: id }, scope);
    expect(first.body).toEqual({ ReportRequestStatus: { ReportDownloadUrl: null, Status: "Pending" } });
    const second = await callService("Reporting/v13/GenerateReport/Poll", { ReportRequestId: id }, scope);
    const status = second.body.ReportRequestStatus as { Status: string; ReportDownloadUrl: string };
    expect(status.Status).toBe("Success");
    expect(status.ReportDownloadUrl.startsWith(`${sandbox.root}/microsoft-ads/`)).toBe(true);

    const download = await fetch(status.ReportDownloadUrl);
    expect(download.status).toBe(200);
    const [entry] = readZipEntries(Buffer.from(await download.arrayBuffer()));
    expect(entry?.name).toMatch(/\.csv$/);
    const records = readCsvRecords(entry!.content.toString("utf8"));
    expect(Object.keys(records[0] ?? {})).toEqual(["TimePeriod", "CampaignId", "Spend"]);
    expect(records.every((record) => record.TimePeriod === today)).toBe(true);

    // The URL is signed; without its signature the blob store refuses.
    const unsigned = new URL(status.ReportDownloadUrl);
    unsigned.search = "";
    expect((await fetch(unsigned)).status).toBe(403);
  });
});

describe("Microsoft Advertising changes", () => {
  it("pauses and enables a campaign with PUT Campaigns", async () => {
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

  it("changes the daily budget, sent as a decimal in the account currency", async () => {
    const [campaign] = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    const budget = campaign!.dailyBudgetMinor + 1055;

    await connector.setCampaignDailyBudget(tokens, account, campaign!.id, budget);
    const listed = (await connector.listCampaigns(tokens, account)).find((c) => c.externalId === campaign!.id);
    expect(listed?.dailyBudgetMinor).toBe(budget);
    const inEngine = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, account.externalId);
    expect(inEngine.find((c) => c.id === campaign!.id)?.dailyBudgetMinor).toBe(budget);
  });

  it("reads a PartialErrors entry for an unknown campaign as rejected with Microsoft's message", async () => {
    const error = await failureOf(connector.setCampaignStatus(tokens, account, "400000001", "paused"));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("The campaign identifier is not valid.");
    expect(error.platformCode).toBe("1100 CampaignServiceInvalidCampaignId");
  });
});

describe("Microsoft Advertising errors", () => {
  it("reads error 117 CallRateExceeded as throttled", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listCampaigns(tokens, account));
    expect(error.kind).toBe("throttled");
    expect(error.platformCode).toBe("117 CallRateExceeded");
    // Microsoft gives no wait hint.
    expect(error.retryAfterMs).toBeNull();
    await expect(connector.listCampaigns(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads a 500 InternalError as unavailable", async () => {
    await sandbox.setFault({ kind: "server_error", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listAdAccounts(tokens));
    expect(error.kind).toBe("unavailable");
    expect(error.httpStatus).toBe(500);
  });

  it("reads 109 AuthenticationTokenExpired as token_expired, and a refresh fixes it", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const error = await failureOf(connector.listCampaigns(current, account));
    expect(error.kind).toBe("token_expired");
    expect(error.platformCode).toBe("109 AuthenticationTokenExpired");

    const refreshed = await connector.refreshTokens(current);
    await expect(connector.listCampaigns(refreshed, account)).resolves.not.toHaveLength(0);
  });

  it("reads a revoked grant as access_revoked when the refresh is refused", async () => {
    await sandbox.setFault({ kind: "revoked", platform: PLATFORM });
    const call = await failureOf(connector.listCampaigns(tokens, account));
    expect(call.kind).toBe("token_expired");
    const refresh = await failureOf(connector.refreshTokens(tokens));
    expect(refresh.kind).toBe("access_revoked");
    expect(refresh.platformCode).toBe("AADSTS50173");
  });

  it("refuses a call without the developer token", async () => {
    const response = await fetch(`${sandbox.root}/microsoft-ads/CustomerManagement/v13/User/Query`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      Type: "AdApiFaultDetail",
      Errors: [{ Code: 105, ErrorCode: "InvalidCredentials" }],
    });
  });

  it("refuses a campaign call whose CustomerAccountId does not match the body's AccountId", async () => {
    const other = await callService(
      "CampaignManagement/v13/Campaigns/QueryByAccountId",
      { AccountId: Number(account.externalId), CampaignType: "Search" },
      { customerId: account.context.customerId, accountId: "100000001" },
    );
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      OperationErrors: [{ Code: 1102, ErrorCode: "CampaignServiceInvalidAccountId" }],
    });
  });
});

// Microsoft disapproves ads, not campaigns: the campaign Status does not show it.
describePlatformIssues({
  platform: "microsoft-ads",
  setUp: async () => ({ sandbox, connector, tokens, account }),
  expected: { budget_exhausted: "budget_exhausted", account_suspended: "account_suspended", disapproved: undefined },
});

describeCampaignWrites({
  platform: "microsoft-ads",
  setUp: async () => ({ sandbox, connector, tokens, account }),
  minimumDailyBudgetMinor: 100,
  belowMinimumMessage: /daily budget is not valid\. The daily budget must be at least 1\.00 [A-Z]{3}/,
  belowMinimumCode: "1106 CampaignServiceInvalidDailyBudget",
});
