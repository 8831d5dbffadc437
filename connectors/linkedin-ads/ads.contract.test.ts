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
import { createLinkedInAdsSandbox } from "#simulator/platforms/linkedin-ads.ts";
import type { SandboxKit, SimAd, SimAdDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createLinkedInAdsConnector, type LinkedInAdsConnectorOptions } from "./connector.ts";
import { linkedinAdsMetadata } from "./metadata.ts";

const PLATFORM = "linkedin-ads";
const REDIRECT_URI = "https://app.example.com/integrations/linkedin-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
/** Every REST request the sandbox module received, as "/adAccounts/1/creatives?q=criteria…". */
const requests: string[] = [];

function recordRequests(kit: SandboxKit): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    requests.push(`${url.pathname.replace(/^.*\/linkedin-ads\/rest/, "")}${url.search}`);
    await next();
  });
  app.route("/", createLinkedInAdsSandbox(kit));
  return app;
}

function createConnector(options: LinkedInAdsConnectorOptions = {}): AdPlatformConnector {
  return createLinkedInAdsConnector(sandbox.config(linkedinAdsMetadata), options);
}

async function firstAccount(): Promise<ExternalAdAccount> {
  const [account] = await connector.listAdAccounts(tokens);
  if (!account) throw new Error("The sandbox has no LinkedIn ad account.");
  return account;
}

async function rangeEndingToday(days: number): Promise<DateRange> {
  const today = await sandbox.kit.engine.today();
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to: today };
}

/** LinkedIn's creative is the ad, its campaign the ad group; a video shows as its thumbnail frame. */
function expectedAd(ad: SimAd): ExternalAd {
  const media = ad.creative.mediaUrlPath === null ? null : `${sandbox.root}${ad.creative.mediaUrlPath}`;
  return {
    externalId: ad.creative.id,
    adGroupExternalId: ad.campaignId,
    campaignExternalId: ad.campaignId,
    name: ad.name,
    status: ad.status,
    creative: {
      externalId: ad.creative.id,
      kind: ad.creative.kind,
      headline: ad.creative.headline,
      body: ad.creative.body,
      landingUrl: ad.creative.landingUrl,
      urlSuffix: null,
      mediaUrl: media,
      thumbnailUrl: media,
    },
  };
}

function expectedAdMetric(row: SimAdDailyMetric, ads: Map<string, SimAd>, currency: string): ExternalAdDailyMetric {
  const ad = ads.get(row.adId);
  return {
    adExternalId: ad?.creative.id ?? row.adId,
    campaignExternalId: row.campaignId,
    date: row.date,
    impressions: row.impressions,
    // LinkedIn reports no daily reach per creative.
    reach: null,
    clicks: row.clicks,
    spendMinor: row.spendMinor,
    // LinkedIn counts whole conversions.
    conversions: Math.round(row.conversions),
    conversionValueMinor: row.conversionValueMinor,
    videoViews: ad?.creative.kind === "video" ? row.videoViews : null,
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

describe("LinkedIn connector against the sandbox: campaigns as ad groups, creatives as ads", () => {
  it("lists each campaign as its own ad group", async () => {
    const account = await firstAccount();
    const groups = await connector.listAdGroups(tokens, account);
    const engineGroups = await sandbox.kit.engine.listAdGroups(sandbox.tenant, PLATFORM, account.externalId);
    expect(groups.every((group) => group.externalId === group.campaignExternalId)).toBe(true);
    expect(groups.map((group) => group.externalId).sort()).toEqual(engineGroups.map((group) => group.id).sort());
  });

  it("lists every creative across cursor pages, with its post, landing page and image or video thumbnail", async () => {
    const account = await firstAccount();
    requests.length = 0;
    const ads = await createConnector({ pageSize: 3 }).listAds(tokens, account);
    const engineAds = await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId);
    expect(engineAds.length).toBeGreaterThan(3);
    const byId = (a: ExternalAd, b: ExternalAd) => a.externalId.localeCompare(b.externalId);
    expect([...ads].sort(byId)).toEqual(engineAds.map(expectedAd).sort(byId));

    const pages = requests.filter((line) => line.startsWith(`/adAccounts/${account.externalId}/creatives?q=criteria`));
    expect(pages).toHaveLength(Math.ceil(engineAds.length / 3));
    expect(pages.slice(1).every((line) => line.includes("pageToken="))).toBe(true);
    // Sponsored content is read through its post, in batches; text ads carry their own copy.
    const postCalls = requests.filter((line) => line.startsWith("/posts?ids=List("));
    const sponsored = engineAds.filter((ad) => ad.creative.kind !== "text");
    expect(postCalls).toHaveLength(Math.ceil(sponsored.length / 50));
    expect(postCalls[0]).toContain("urn%3Ali%3Ashare%3A");
    expect(new Set(ads.map((ad) => ad.creative.kind))).toEqual(new Set(engineAds.map((ad) => ad.creative.kind)));

    const image = ads.find((ad) => ad.creative.kind === "image")?.creative.mediaUrl;
    if (image) {
      const response = await fetch(image);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      await response.body?.cancel();
    }
  });

  it("offers no URL suffix editing: LinkedIn keeps UTM parameters in the landing page", () => {
    expect(connector.setAdUrlSuffix).toBeUndefined();
  });
});

describe("LinkedIn sandbox: the Rest.li shapes of creatives", () => {
  it("answers the criteria finder with creative URNs, content references or text ads, and a next page token", async () => {
    const account = await firstAccount();
    const response = await fetch(
      `${sandbox.config(linkedinAdsMetadata).urls.api}/adAccounts/${account.externalId}/creatives?q=criteria&pageSize=2`,
      {
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          "LinkedIn-Version": "202607",
          "X-Restli-Protocol-Version": "2.0.0",
        },
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      elements: Record<string, unknown>[];
      metadata: { nextPageToken?: string };
    };
    expect(body.elements).toHaveLength(2);
    for (const element of body.elements) {
      expect(element).toMatchObject({
        id: expect.stringMatching(/^urn:li:sponsoredCreative:\d+$/),
        account: `urn:li:sponsoredAccount:${account.externalId}`,
        campaign: expect.stringMatching(/^urn:li:sponsoredCampaign:\d+$/),
        intendedStatus: expect.stringMatching(/^(ACTIVE|PAUSED|ARCHIVED)$/),
        review: { status: expect.any(String) },
      });
      const content = element.content as { reference?: string; textAd?: unknown };
      expect(content.reference === undefined).toBe(content.textAd !== undefined);
    }
    expect(body.metadata.nextPageToken).toEqual(expect.any(String));
  });
});

describe("LinkedIn connector against the sandbox: creative analytics", () => {
  it("reads pivot=CREATIVE days with video views, adding up to the campaign-days", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(10);
    requests.length = 0;
    const metrics = sortAdMetrics(await connector.fetchAdDailyMetrics(tokens, account, range));
    const [engineRows, engineAds] = await Promise.all([
      sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range),
      sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId),
    ]);
    const ads = new Map(engineAds.map((ad) => [ad.id, ad]));
    expect(metrics.length).toBeGreaterThan(0);
    expect(metrics).toEqual(sortAdMetrics(engineRows.map((row) => expectedAdMetric(row, ads, account.currency))));
    const analytics = requests.filter((line) => line.startsWith("/adAnalytics?"));
    expect(analytics).toHaveLength(1);
    expect(analytics[0]).toContain("pivot=CREATIVE");
    expect(analytics[0]).toContain("timeGranularity=DAILY");

    const campaignDays = await connector.fetchDailyMetrics(tokens, account, range);
    const summed = new Map<string, { impressions: number; clicks: number; spendMinor: number; value: number }>();
    for (const row of metrics) {
      const key = `${row.campaignExternalId} ${row.date}`;
      const total = summed.get(key) ?? { impressions: 0, clicks: 0, spendMinor: 0, value: 0 };
      total.impressions += row.impressions;
      total.clicks += row.clicks;
      total.spendMinor += row.spendMinor;
      total.value += row.conversionValueMinor;
      summed.set(key, total);
    }
    const active = campaignDays.filter((row) => row.impressions > 0);
    expect(active.length).toBeGreaterThan(0);
    for (const day of active)
      expect(summed.get(`${day.campaignExternalId} ${day.date}`)).toEqual({
        impressions: day.impressions,
        clicks: day.clicks,
        spendMinor: day.spendMinor,
        value: day.conversionValueMinor,
      });
  });

  it("asks in windows of at most 31 days, as adAnalytics has no pagination", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(40);
    requests.length = 0;
    const metrics = await connector.fetchAdDailyMetrics(tokens, account, range);
    const engineRows = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics).toHaveLength(engineRows.length);
    expect(requests.filter((line) => line.startsWith("/adAnalytics?"))).toHaveLength(2);
  });
});

describe("LinkedIn connector against the sandbox: ad-level errors", () => {
  it("reports throttling (a bare 429) while listing creatives", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listAds(tokens, account));
    expect(error).toMatchObject({ kind: "throttled", httpStatus: 429, retryAfterMs: null });
    expect((await connector.listAds(tokens, account)).length).toBeGreaterThan(0);
  });

  it("reports an expired token on creative analytics as token_expired, and a refresh fixes it", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const error = await failureOf(connector.fetchAdDailyMetrics(tokens, account, await rangeEndingToday(3)));
    expect(error).toMatchObject({ kind: "token_expired", httpStatus: 401 });
    await sandbox.clearFaults();
    tokens = await connector.refreshTokens(tokens);
    expect(await connector.fetchAdDailyMetrics(tokens, account, await rangeEndingToday(3))).not.toHaveLength(0);
  });

  it("refuses an account the grant does not cover", async () => {
    const error = await failureOf(
      connector.listAds(tokens, { externalId: "1", name: "x", currency: "USD", timeZone: "UTC", context: {} }),
    );
    expect(error).toMatchObject({ kind: "rejected", httpStatus: 403 });
  });
});
