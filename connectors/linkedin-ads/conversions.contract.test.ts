/** The LinkedIn connector's conversion reads against the sandbox, over HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import { expectCountedSumsMatch } from "#tests/support/conversion-contracts.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createLinkedInAdsConnector } from "./connector.ts";
import { linkedinAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/linkedin-ads/callback";
const PLATFORM = "linkedin-ads";
/** Small pages, so the rule listing crosses page boundaries. */
const SMALL_PAGE = 2;

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: createLinkedInAdsSandbox },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata), { pageSize: SMALL_PAGE });
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

describe("LinkedIn conversion rules", () => {
  it("lists the account's enabled rules across offset pages, each counted by LinkedIn", async () => {
    const simulated = await sandbox.kit.engine.listConversionActions(sandbox.tenant, PLATFORM, account.externalId);
    // With the disabled rule the sandbox lists, more than one page.
    expect(simulated.length + 1).toBeGreaterThan(SMALL_PAGE);
    const rules = await connector.listConversionActions(tokens, account);
    expect(rules).toEqual(
      simulated.map((action) => ({
        externalId: action.id,
        name: action.name,
        category: action.category,
        countedByPlatform: true,
        clickWindowDays: action.clickWindowDays,
        viewWindowDays: action.viewWindowDays,
      })),
    );
    expect(rules.map((rule) => rule.category)).toEqual(["purchase", "lead", "sign_up"]);
    expect(rules[0]).toMatchObject({ clickWindowDays: 30, viewWindowDays: 7 });
    expect(rules.some((rule) => rule.name === "Purchase (old tag)")).toBe(false);
  });
});

describe("LinkedIn conversions per rule", () => {
  it("reads each campaign-day per rule (pivots CAMPAIGN, CONVERSION); whole counts adding up to the campaign's", async () => {
    const today = await sandbox.kit.engine.today();
    // Longer than one analytics window: the connector asks in windows.
    const range = { from: addDays(today, -40), to: today };
    const rows = await connector.fetchConversionDailyMetrics(tokens, account, range);
    const days = await connector.fetchDailyMetrics(tokens, account, range);
    const rules = await connector.listConversionActions(tokens, account);
    expect(rows.length).toBeGreaterThan(0);
    expectCountedSumsMatch(days, rows, new Set(rules.map((rule) => rule.externalId)));
    for (const row of rows) {
      expect(Number.isInteger(row.conversions)).toBe(true);
      expect(row.currency).toBe(account.currency);
      expect(rules.some((rule) => rule.externalId === row.actionExternalId)).toBe(true);
    }
    expect(new Set(rows.map((row) => row.actionExternalId)).size).toBeGreaterThan(1);
  });

  it("returns nothing for a range before any campaign ran", async () => {
    await expect(
      connector.fetchConversionDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });

  it("reads LinkedIn's bare 429 as throttled, then goes through", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listConversionActions(tokens, account));
    expect(error.kind).toBe("throttled");
    await expect(connector.listConversionActions(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads an expired token on the conversion analytics as token_expired", async () => {
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const today = await sandbox.kit.engine.today();
    const error = await failureOf(
      connector.fetchConversionDailyMetrics(tokens, account, { from: addDays(today, -3), to: today }),
    );
    expect(error.kind).toBe("token_expired");
  });
});
