import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  AdPlatformConnector,
  DateRange,
  ExternalAdAccount,
  ExternalConversionDaily,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import type { SandboxKit } from "#simulator/sandbox-kit.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createTikTokAdsConnector, type TikTokAdsConnectorOptions } from "./connector.ts";
import { tiktokAdsMetadata } from "./metadata.ts";

const PLATFORM = "tiktok-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/tiktok-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
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

async function firstAccount(): Promise<ExternalAdAccount> {
  const [account] = await connector.listAdAccounts(tokens);
  if (!account) throw new Error("The sandbox has no TikTok advertiser.");
  return account;
}

async function rangeEndingToday(days: number): Promise<DateRange> {
  const today = await sandbox.kit.engine.today();
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to: today };
}

function sortDailies(rows: ExternalConversionDaily[]): ExternalConversionDaily[] {
  return [...rows].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.campaignExternalId.localeCompare(b.campaignExternalId) ||
      a.actionExternalId.localeCompare(b.actionExternalId),
  );
}

async function tiktokGet(path: string, query: Record<string, string>) {
  const url = new URL(`${sandbox.config(tiktokAdsMetadata).urls.api}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { "Access-Token": tokens.accessToken } });
  return (await response.json()) as { code: number; message: string; data: Record<string, unknown> };
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: recordRequests },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createConnector();
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "conv", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
});

afterEach(async () => {
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
});

describe("TikTok connector against the sandbox: conversion actions", () => {
  it("lists the pixel's events, the ad groups' optimisation event counted, with their attribution windows", async () => {
    const account = await firstAccount();
    requests.length = 0;
    const actions = await createConnector({ pageSize: 2 }).listConversionActions(tokens, account);
    const engine = await sandbox.kit.engine.listConversionActions(sandbox.tenant, PLATFORM, account.externalId);
    expect(engine.length).toBeGreaterThan(1);
    expect(actions).toEqual(
      engine.map((action) => ({
        externalId: action.id,
        name: action.name,
        category: action.category,
        countedByPlatform: action.counted,
        clickWindowDays: 7,
        viewWindowDays: 1,
      })),
    );
    expect(actions[0]).toMatchObject({ externalId: "CompletePayment", category: "purchase", countedByPlatform: true });
    // Every ad group page is read for the optimisation events.
    const adGroupCalls = requestsTo("/adgroup/get/");
    expect(adGroupCalls.length).toBeGreaterThan(1);
    expect(JSON.parse(adGroupCalls[0]?.get("fields") ?? "[]")).toContain("optimization_event");
    expect(requestsTo("/pixel/list/")).toHaveLength(1);
  });

  it("returns each campaign-day's event counts in 30-day chunks; the counted ones add up to the campaign metrics", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(40);
    requests.length = 0;
    const dailies = await createConnector({ pageSize: 50 }).fetchConversionDailyMetrics(tokens, account, range);
    const reportCalls = requestsTo("/report/integrated/get/");
    expect(new Set(reportCalls.map((call) => call.get("start_date"))).size).toBe(2);
    expect(reportCalls.some((call) => call.get("page") === "2")).toBe(true);
    expect(JSON.parse(reportCalls[0]?.get("metrics") ?? "[]")).toEqual(
      expect.arrayContaining(["complete_payment", "web_event_add_to_cart", "total_web_event_add_to_cart_value"]),
    );

    const [campaignDays, actions, engineDailies] = await Promise.all([
      connector.fetchDailyMetrics(tokens, account, range),
      connector.listConversionActions(tokens, account),
      sandbox.kit.engine.conversionDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range),
    ]);
    expect(sortDailies(dailies)).toEqual(
      sortDailies(
        engineDailies.map((row) => ({
          campaignExternalId: row.campaignId,
          actionExternalId: row.actionId,
          date: row.date,
          conversions: row.conversions,
          conversionValueMinor: row.conversionValueMinor,
          currency: account.currency,
        })),
      ),
    );
    const counted = new Set(actions.filter((action) => action.countedByPlatform).map((action) => action.externalId));
    const sums = new Map<string, { conversions: number; value: number }>();
    for (const row of dailies) {
      if (!counted.has(row.actionExternalId)) continue;
      const key = `${row.campaignExternalId} ${row.date}`;
      const sum = sums.get(key) ?? { conversions: 0, value: 0 };
      sum.conversions += row.conversions;
      sum.value += row.conversionValueMinor;
      sums.set(key, sum);
    }
    expect(campaignDays.filter((day) => day.conversions > 0).length).toBeGreaterThan(0);
    for (const day of campaignDays) {
      const sum = sums.get(`${day.campaignExternalId} ${day.date}`) ?? { conversions: 0, value: 0 };
      expect(Math.round(sum.conversions * 100)).toBe(Math.round(day.conversions * 100));
      expect(sum.value).toBe(day.conversionValueMinor);
    }
    expect(dailies.some((row) => row.actionExternalId === "AddToCart" && row.conversionValueMinor > 0)).toBe(true);
  });

  it("reports an expired token while listing the actions as token_expired", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM, tenant: sandbox.tenant });
    const error = await connector.listConversionActions(tokens, account).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "token_expired", platformCode: "40102" });
  });
});

describe("TikTok sandbox: pixel and event metric shapes", () => {
  it("lists the pixel with its events, and refuses event metrics at the ad level", async () => {
    const account = await firstAccount();
    const pixels = await tiktokGet("/pixel/list/", { advertiser_id: account.externalId });
    expect(pixels.code).toBe(0);
    const [pixel] = pixels.data.pixels as Record<string, unknown>[];
    expect(pixel).toMatchObject({ pixel_id: expect.stringMatching(/^\d{19}$/), pixel_code: expect.any(String) });
    expect(pixel?.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event_type: "CompletePayment", optimization_event: "SHOPPING" }),
        expect.objectContaining({ event_type: "AddToCart", optimization_event: "ON_WEB_CART" }),
      ]),
    );
    expect(pixels.data.page_info).toMatchObject({ page: 1, total_number: 1, total_page: 1 });

    const tooMany = await tiktokGet("/pixel/list/", { advertiser_id: account.externalId, page_size: "50" });
    expect(tooMany.code).toBe(40002);

    const range = await rangeEndingToday(3);
    const adLevel = await tiktokGet("/report/integrated/get/", {
      advertiser_id: account.externalId,
      report_type: "BASIC",
      data_level: "AUCTION_AD",
      dimensions: JSON.stringify(["ad_id", "stat_time_day"]),
      metrics: JSON.stringify(["spend", "web_event_add_to_cart"]),
      start_date: range.from,
      end_date: range.to,
    });
    expect(adLevel).toMatchObject({ code: 40002, message: "metrics: Invalid metric web_event_add_to_cart." });
  });
});
