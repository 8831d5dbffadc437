/** The Google Ads connector's conversion reads against the sandbox, over HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { expectCountedSumsMatch } from "#tests/support/conversion-contracts.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createGoogleAdsConnector } from "./connector.ts";
import { googleAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/google-ads/callback";
const PLATFORM = "google-ads";
/** Small pages, so the listings and reports here cross page and batch boundaries. */
const SMALL_PAGE = 3;

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: (kit) => createGoogleAdsSandbox(kit, { pageSize: SMALL_PAGE }) },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createGoogleAdsConnector(sandbox.config(googleAdsMetadata));
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

describe("Google Ads conversion actions", () => {
  it("lists the customer's enabled actions across search pages, without the removed ones", async () => {
    const simulated = await sandbox.kit.engine.listConversionActions(sandbox.tenant, PLATFORM, account.externalId);
    // The sandbox lists a removed action too: more rows than a page even for a small account.
    expect(simulated.length + 1).toBeGreaterThan(SMALL_PAGE);
    const actions = await connector.listConversionActions(tokens, account);
    expect(actions).toEqual(
      simulated.map((action) => ({
        externalId: action.id,
        name: action.name,
        category: action.category,
        countedByPlatform: action.counted,
        clickWindowDays: action.clickWindowDays,
        viewWindowDays: action.viewWindowDays,
      })),
    );
    expect(actions.find((action) => action.category === "purchase")).toMatchObject({
      name: "Purchase",
      countedByPlatform: true,
      clickWindowDays: 30,
      viewWindowDays: 1,
    });
    expect(actions.find((action) => action.category === "add_to_cart")?.countedByPlatform).toBe(false);
    expect(actions.some((action) => action.name === "Purchase (old tag)")).toBe(false);
  });
});

describe("Google Ads conversions per action", () => {
  it("reads every action's campaign-days; the primary ones add up to the campaign report", async () => {
    const today = await sandbox.kit.engine.today();
    // Up to today: the last days are still maturing and must add up all the same.
    const range = { from: addDays(today, -20), to: today };
    const rows = await connector.fetchConversionDailyMetrics(tokens, account, range);
    const days = await connector.fetchDailyMetrics(tokens, account, range);
    const actions = await connector.listConversionActions(tokens, account);
    const counted = new Set(actions.filter((action) => action.countedByPlatform).map((action) => action.externalId));
    expect(rows.length).toBeGreaterThan(SMALL_PAGE * 3);
    expectCountedSumsMatch(days, rows, counted);
    for (const row of rows) {
      expect(row.currency).toBe(account.currency);
      expect(actions.some((action) => action.externalId === row.actionExternalId)).toBe(true);
    }
    // Secondary actions (add to cart) come on top, through metrics.all_conversions.
    const cart = actions.find((action) => action.category === "add_to_cart")!;
    expect(rows.some((row) => row.actionExternalId === cart.externalId && row.conversions > 0)).toBe(true);
    const simulated = await sandbox.kit.engine.conversionDailyMetrics(
      sandbox.tenant,
      PLATFORM,
      account.externalId,
      range,
    );
    expect(rows.length).toBe(simulated.length);
  });

  it("splits a range longer than one query allows into chunks", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -200), to: addDays(today, -1) };
    const rows = await connector.fetchConversionDailyMetrics(tokens, account, range);
    const dates = new Set(rows.map((row) => row.date));
    expect([...dates].some((date) => date < addDays(today, -150))).toBe(true);
    expect([...dates].some((date) => date > addDays(today, -30))).toBe(true);
  });

  it("returns nothing for a range before any campaign ran", async () => {
    await expect(
      connector.fetchConversionDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });

  it("reads a QuotaError as throttled, then goes through", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listConversionActions(tokens, account));
    expect(error.kind).toBe("throttled");
    expect(error.retryAfterMs).toBe(1000);
    await expect(connector.listConversionActions(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads an expired access token as token_expired on the per-action report", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const today = await sandbox.kit.engine.today();
    const error = await failureOf(
      connector.fetchConversionDailyMetrics(current, account, { from: addDays(today, -3), to: today }),
    );
    expect(error.kind).toBe("token_expired");
  });
});
