/** The Microsoft Advertising connector's conversion reads against the sandbox, over HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import { expectCountedSumsMatch } from "#tests/support/conversion-contracts.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createMicrosoftAdsClient } from "./client.ts";
import { createMicrosoftAdsConnector } from "./connector.ts";
import { microsoftAdsMetadata } from "./metadata.ts";
import { getConversionGoalsResponseSchema, submitReportResponseSchema } from "./schemas.ts";

const REDIRECT_URI = "https://app.example.test/integrations/microsoft-ads/callback";
const PLATFORM = "microsoft-ads";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    // Two Pending polls before each report is ready, so the connector polls.
    platforms: { [PLATFORM]: (kit) => createMicrosoftAdsSandbox(kit, { pendingPolls: 2 }) },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createMicrosoftAdsConnector(sandbox.config(microsoftAdsMetadata), { pollDelayMs: () => 20 });
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
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

describe("Microsoft Advertising conversion goals", () => {
  it("lists the account's goals with GetConversionGoalsByIds, without the deleted ones", async () => {
    const simulated = await sandbox.kit.engine.listConversionActions(sandbox.tenant, PLATFORM, account.externalId);
    const goals = await connector.listConversionActions(tokens, account);
    expect(goals).toEqual(
      simulated.map((action) => ({
        externalId: action.id,
        name: action.name,
        category: action.category,
        countedByPlatform: action.counted,
        clickWindowDays: action.clickWindowDays,
        viewWindowDays: action.viewWindowDays,
      })),
    );
    // Windows come in minutes; the view-through one only when asked for among the additional fields.
    expect(goals.find((goal) => goal.category === "purchase")).toMatchObject({
      name: "Purchase",
      countedByPlatform: true,
      clickWindowDays: 30,
      viewWindowDays: 1,
    });
    // A goal excluded from bidding is not in Microsoft's Conversions column.
    expect(goals.find((goal) => goal.category === "add_to_cart")?.countedByPlatform).toBe(false);
    expect(goals.some((goal) => goal.name === "Purchase (old tag)")).toBe(false);
  });
});

describe("Microsoft Advertising conversions per goal", () => {
  it("reads the goals report's campaign-days; the counted goals add up to the campaign report", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -20), to: today };
    const rows = await connector.fetchConversionDailyMetrics(tokens, account, range);
    const days = await connector.fetchDailyMetrics(tokens, account, range);
    const goals = await connector.listConversionActions(tokens, account);
    const counted = new Set(goals.filter((goal) => goal.countedByPlatform).map((goal) => goal.externalId));
    expect(rows.length).toBeGreaterThan(0);
    expectCountedSumsMatch(days, rows, counted);
    for (const row of rows) {
      expect(row.currency).toBe(account.currency);
      expect(goals.some((goal) => goal.externalId === row.actionExternalId)).toBe(true);
    }
    // Goals excluded from bidding are read through AllConversions.
    const cart = goals.find((goal) => goal.category === "add_to_cart")!;
    expect(rows.some((row) => row.actionExternalId === cart.externalId && row.conversions > 0)).toBe(true);
  });

  it("splits a range longer than one Daily report allows into several reports", async () => {
    const today = await sandbox.kit.engine.today();
    const rows = await connector.fetchConversionDailyMetrics(tokens, account, {
      from: addDays(today, -200),
      to: addDays(today, -1),
    });
    const dates = new Set(rows.map((row) => row.date));
    expect([...dates].some((date) => date < addDays(today, -150))).toBe(true);
    expect([...dates].some((date) => date > addDays(today, -30))).toBe(true);
  });

  it("returns nothing when the report has no rows (no download URL)", async () => {
    await expect(
      connector.fetchConversionDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });

  it("reads 117 CallRateExceeded on the goals call as throttled, then goes through", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listConversionActions(tokens, account));
    expect(error.kind).toBe("throttled");
    await expect(connector.listConversionActions(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads an expired token on the goals report as token_expired", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const today = await sandbox.kit.engine.today();
    const error = await failureOf(
      connector.fetchConversionDailyMetrics(current, account, { from: addDays(today, -3), to: today }),
    );
    expect(error.kind).toBe("token_expired");
  });
});

describe("Microsoft Advertising sandbox quirks", () => {
  it("answers the view-through window only when ReturnAdditionalFields asks for it", async () => {
    const client = createMicrosoftAdsClient(sandbox.config(microsoftAdsMetadata));
    const answer = await client.call({
      service: "campaignManagement",
      path: "ConversionGoals/QueryByIds",
      accessToken: tokens.accessToken,
      scope: { customerId: account.context.customerId, accountId: account.externalId },
      body: { ConversionGoalIds: null, ConversionGoalTypes: "Event" },
      schema: getConversionGoalsResponseSchema,
    });
    expect(answer.ConversionGoals.length).toBeGreaterThan(0);
    for (const goal of answer.ConversionGoals) {
      expect(goal.ViewThroughConversionWindowInMinutes ?? null).toBeNull();
      expect(goal.ConversionWindowInMinutes).toBe(30 * 1440);
    }
  });

  it("refuses delivery columns (Impressions) in a goals and funnels report", async () => {
    const client = createMicrosoftAdsClient(sandbox.config(microsoftAdsMetadata));
    const today = await sandbox.kit.engine.today();
    const [year, month, day] = today.split("-").map(Number);
    const error = await failureOf(
      client.call({
        service: "reporting",
        path: "GenerateReport/Submit",
        accessToken: tokens.accessToken,
        scope: { customerId: account.context.customerId, accountId: account.externalId },
        body: {
          ReportRequest: {
            Type: "GoalsAndFunnelsReportRequest",
            Format: "Csv",
            Aggregation: "Daily",
            Columns: ["TimePeriod", "CampaignId", "GoalId", "Impressions"],
            Scope: { AccountIds: [Number(account.externalId)] },
            Time: {
              CustomDateRangeStart: { Day: day, Month: month, Year: year },
              CustomDateRangeEnd: { Day: day, Month: month, Year: year },
            },
          },
        },
        schema: submitReportResponseSchema,
      }),
    );
    expect(error.kind).toBe("rejected");
    expect(error.message).toContain("Impressions");
  });
});
