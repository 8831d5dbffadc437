import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  AdPlatformConnector,
  DateRange,
  ExternalAd,
  ExternalAdAccount,
  ExternalAdDailyMetric,
  TokenSet,
} from "#core/shared/connector-port.ts";
import { createTikTokAdsSandbox } from "#simulator/platforms/tiktok-ads.ts";
import type { SandboxKit, SimAd, SimAdDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createTikTokAdsConnector, type TikTokAdsConnectorOptions } from "./connector.ts";
import { tiktokAdsMetadata } from "./metadata.ts";

const PLATFORM = "tiktok-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/tiktok-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
/** Every request the sandbox module received. */
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

/** TikTok's ad has no creative object, no headline and no suffix; a video shows as its cover frame. */
function expectedAd(ad: SimAd): ExternalAd {
  const media = ad.creative.mediaUrlPath === null ? null : `${sandbox.root}${ad.creative.mediaUrlPath}`;
  return {
    externalId: ad.id,
    adGroupExternalId: ad.adGroupId,
    campaignExternalId: ad.campaignId,
    name: ad.name,
    status: ad.status,
    creative: {
      externalId: ad.id,
      kind: ad.creative.kind,
      headline: null,
      body: ad.creative.body,
      landingUrl: ad.creative.landingUrl,
      urlSuffix: null,
      mediaUrl: media,
      thumbnailUrl: media,
    },
  };
}

function expectedAdMetric(row: SimAdDailyMetric, currency: string): ExternalAdDailyMetric {
  return {
    adExternalId: row.adId,
    campaignExternalId: row.campaignId,
    date: row.date,
    impressions: row.impressions,
    reach: row.reach,
    clicks: row.clicks,
    spendMinor: row.spendMinor,
    conversions: row.conversions,
    conversionValueMinor: row.conversionValueMinor,
    videoViews: row.videoViews,
    currency,
  };
}

function sortAdMetrics(rows: ExternalAdDailyMetric[]): ExternalAdDailyMetric[] {
  return [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.adExternalId.localeCompare(b.adExternalId));
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: recordRequests },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createConnector();
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "ads", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
});

afterEach(async () => {
  await sandbox.clearFaults();
});

afterAll(async () => {
  await sandbox?.close();
});

describe("TikTok connector against the sandbox: ad groups, ads and their files", () => {
  it("lists every ad group, deleted ones included, page by page", async () => {
    const account = await firstAccount();
    requests.length = 0;
    const groups = await createConnector({ pageSize: 2 }).listAdGroups(tokens, account);
    const engineGroups = await sandbox.kit.engine.listAdGroups(sandbox.tenant, PLATFORM, account.externalId);
    expect(engineGroups.length).toBeGreaterThan(2);
    expect(groups).toEqual(
      engineGroups
        .map((group) => ({
          externalId: group.id,
          campaignExternalId: group.campaignId,
          name: group.name,
          status: group.status,
        }))
        .sort((a, b) => a.externalId.localeCompare(b.externalId)),
    );
    const pages = requestsTo("/adgroup/get/");
    expect(pages.map((query) => query.get("page"))).toEqual(
      Array.from({ length: Math.ceil(engineGroups.length / 2) }, (_, index) => String(index + 1)),
    );
    expect(JSON.parse(pages[0]?.get("filtering") ?? "{}")).toEqual({ primary_status: "STATUS_ALL" });
  });

  it("lists every ad with its text, landing URL (UTMs included) and video cover, reading files in batches", async () => {
    const account = await firstAccount();
    requests.length = 0;
    const ads = await createConnector({ pageSize: 4 }).listAds(tokens, account);
    const engineAds = await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId);
    expect(engineAds.length).toBeGreaterThan(4);
    expect(ads).toEqual(engineAds.map(expectedAd).sort((a, b) => a.externalId.localeCompare(b.externalId)));
    expect(requestsTo("/ad/get/")).toHaveLength(Math.ceil(engineAds.length / 4));
    // ad/get names the video by id only; its cover comes from the file endpoint, once per batch.
    const videoCalls = requestsTo("/file/video/ad/info/");
    expect(videoCalls).toHaveLength(Math.ceil(engineAds.length / 60));
    expect(JSON.parse(videoCalls[0]?.get("video_ids") ?? "[]")).toContain(engineAds[0]?.creative.id);
    expect(ads.some((ad) => ad.creative.landingUrl?.includes("utm_source=tiktok"))).toBe(true);

    const cover = ads.find((ad) => ad.creative.mediaUrl)?.creative.mediaUrl;
    if (!cover) throw new Error("No ad with a cover.");
    const response = await fetch(cover);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    await response.body?.cancel();
  });

  it("says it cannot edit URL suffixes: TikTok's tracking parameters live in the landing page URL", () => {
    expect(connector.setAdUrlSuffix).toBeUndefined();
  });
});

describe("TikTok connector against the sandbox: ad reports", () => {
  it("reads AUCTION_AD rows page by page with reach and 2-second views, adding up to the campaign-days", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(7);
    requests.length = 0;
    const metrics = sortAdMetrics(await createConnector({ pageSize: 20 }).fetchAdDailyMetrics(tokens, account, range));
    const engineRows = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics.length).toBeGreaterThan(20);
    expect(metrics).toEqual(sortAdMetrics(engineRows.map((row) => expectedAdMetric(row, account.currency))));
    expect(metrics.some((row) => (row.videoViews ?? 0) > 0)).toBe(true);

    const pages = requestsTo("/report/integrated/get/");
    expect(pages).toHaveLength(Math.ceil(metrics.length / 20));
    expect(pages[0]?.get("data_level")).toBe("AUCTION_AD");
    expect(JSON.parse(pages[0]?.get("dimensions") ?? "[]")).toEqual(["ad_id", "stat_time_day"]);
    expect(JSON.parse(pages[0]?.get("metrics") ?? "[]")).toEqual(expect.arrayContaining(["reach", "campaign_id"]));

    const campaignDays = await connector.fetchDailyMetrics(tokens, account, range);
    const summed = new Map<string, number[]>();
    for (const row of metrics) {
      const key = `${row.campaignExternalId} ${row.date}`;
      const total = summed.get(key) ?? [0, 0, 0, 0];
      summed.set(key, [
        total[0]! + row.impressions,
        total[1]! + row.clicks,
        total[2]! + row.spendMinor,
        total[3]! + row.conversionValueMinor,
      ]);
    }
    const active = campaignDays.filter((row) => row.impressions > 0);
    expect(active.length).toBeGreaterThan(0);
    for (const day of active)
      expect(summed.get(`${day.campaignExternalId} ${day.date}`)).toEqual([
        day.impressions,
        day.clicks,
        day.spendMinor,
        day.conversionValueMinor,
      ]);
  });

  it("splits a range over 30 days into windows TikTok accepts", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(45);
    requests.length = 0;
    const metrics = await connector.fetchAdDailyMetrics(tokens, account, range);
    const engineRows = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics).toHaveLength(engineRows.length);
    const windows = requestsTo("/report/integrated/get/").map((query) => [
      query.get("start_date"),
      query.get("end_date"),
    ]);
    expect(windows[0]?.[0]).toBe(range.from);
    expect(new Set(windows.map((window) => window[0])).size).toBe(2);
  });
});

describe("TikTok connector against the sandbox: ad-level errors", () => {
  it("reports code 40100 (at HTTP 200) as throttled while listing ads", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    expect(await failureOf(connector.listAds(tokens, account))).toMatchObject({
      kind: "throttled",
      platformCode: "40100",
      httpStatus: 200,
    });
    expect((await connector.listAds(tokens, account)).length).toBeGreaterThan(0);
  });

  it("reports an expired token (40102) on the ad report as token_expired", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM, tenant: sandbox.tenant });
    expect(await failureOf(connector.fetchAdDailyMetrics(tokens, account, await rangeEndingToday(3)))).toMatchObject({
      kind: "token_expired",
      platformCode: "40102",
    });
  });

  it("passes TikTok's refusal on for a report it does not serve", async () => {
    const response = await fetch(
      `${sandbox.config(tiktokAdsMetadata).urls.api}/report/integrated/get/?${new URLSearchParams({
        advertiser_id: (await firstAccount()).externalId,
        report_type: "BASIC",
        data_level: "AUCTION_AD",
        dimensions: JSON.stringify(["campaign_id", "stat_time_day"]),
        metrics: JSON.stringify(["spend"]),
        start_date: "2026-11-01",
        end_date: "2026-11-02",
      })}`,
      { headers: { "Access-Token": tokens.accessToken } },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 40002, message: expect.stringContaining("ad_id") });
  });
});
