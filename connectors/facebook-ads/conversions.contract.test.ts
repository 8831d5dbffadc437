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
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import type { SandboxKit } from "#simulator/sandbox-kit.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createFacebookAdsConnector, type FacebookAdsConnectorOptions } from "./connector.ts";
import { facebookAdsMetadata } from "./metadata.ts";

const PLATFORM = "facebook-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/facebook-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
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

async function firstAccount(): Promise<ExternalAdAccount> {
  const [account] = await connector.listAdAccounts(tokens);
  if (!account) throw new Error("The sandbox has no Meta ad account.");
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

describe("Meta connector against the sandbox: conversion actions", () => {
  it("lists the pixel's standard events and the custom conversions, the optimisation event counted, with the ad sets' windows", async () => {
    const account = await firstAccount();
    requests.length = 0;
    const actions = await createConnector({ pageSize: 2 }).listConversionActions(tokens, account);
    const engine = await sandbox.kit.engine.listConversionActions(sandbox.tenant, PLATFORM, account.externalId);
    expect(engine.length).toBeGreaterThan(2);
    expect([...actions].sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual(
      engine
        .map((action) => ({
          externalId: action.id,
          name: action.name,
          category: action.category,
          countedByPlatform: action.counted,
          clickWindowDays: 7,
          viewWindowDays: 1,
        }))
        .sort((a, b) => a.externalId.localeCompare(b.externalId)),
    );
    // The counted purchase first; the custom conversion as the advertiser named it.
    expect(actions[0]).toMatchObject({
      externalId: "offsite_conversion.fb_pixel_purchase",
      name: "Purchase",
      category: "purchase",
      countedByPlatform: true,
    });
    expect(actions.some((action) => action.externalId.startsWith("offsite_conversion.custom."))).toBe(true);

    // Ad sets page by page; the pixel's stats; the custom conversions.
    expect(requests.filter((line) => line.includes("/adsets?")).length).toBeGreaterThan(1);
    expect(requests.some((line) => /^GET \/v26\.0\/\d+\/stats\?aggregation=event&/.test(line))).toBe(true);
    expect(requests.some((line) => line.startsWith(`GET /v26.0/act_${account.externalId}/customconversions?`))).toBe(
      true,
    );
  });

  it("returns each campaign-day's count per action; the counted ones add up to the campaign metrics", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(14);
    const [dailies, campaignDays, actions, engineDailies] = await Promise.all([
      createConnector({ pageSize: 25 }).fetchConversionDailyMetrics(tokens, account, range),
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
    // Secondary actions come on top: add to cart has more than the purchases.
    const carts = dailies.filter((row) => row.actionExternalId === "offsite_conversion.fb_pixel_add_to_cart");
    expect(carts.length).toBeGreaterThan(0);
  });

  it("reads a range over 31 days through an async report run", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(40);
    requests.length = 0;
    const dailies = await connector.fetchConversionDailyMetrics(tokens, account, range);
    const engineDailies = await sandbox.kit.engine.conversionDailyMetrics(
      sandbox.tenant,
      PLATFORM,
      account.externalId,
      range,
    );
    expect(dailies).toHaveLength(engineDailies.length);
    expect(requests[0]).toBe(`POST /v26.0/act_${account.externalId}/insights`);
  });

  it("reports throttling while listing the actions, and the next call works", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await connector.listConversionActions(tokens, account).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "throttled", platformCode: "17/2446079" });
    expect((await connector.listConversionActions(tokens, account)).length).toBeGreaterThan(0);
  });
});

describe("Meta sandbox: conversion shapes", () => {
  async function graphGet(path: string, query: Record<string, string>) {
    const url = new URL(`${sandbox.config(facebookAdsMetadata).urls.api}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("serves ad sets' promoted_object and attribution_spec, and names unknown custom conversion fields", async () => {
    const account = await firstAccount();
    const adSets = await graphGet(`/act_${account.externalId}/adsets`, {
      fields: "id,promoted_object,attribution_spec",
      limit: "1",
    });
    expect(adSets.status).toBe(200);
    expect((adSets.body.data as unknown[])[0]).toMatchObject({
      promoted_object: { pixel_id: expect.stringMatching(/^\d{15}$/), custom_event_type: "PURCHASE" },
      attribution_spec: [
        { event_type: "CLICK_THROUGH", window_days: 7 },
        { event_type: "VIEW_THROUGH", window_days: 1 },
      ],
    });
    const unknown = await graphGet(`/act_${account.externalId}/customconversions`, { fields: "id,bogus" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 100,
      message: "(#100) Tried accessing nonexisting field (bogus) on node type (CustomConversion)",
    });
  });
});
