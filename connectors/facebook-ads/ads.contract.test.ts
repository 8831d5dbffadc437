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
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import type { SandboxKit, SimAd, SimAdDailyMetric } from "#simulator/sandbox-kit.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createFacebookAdsConnector, type FacebookAdsConnectorOptions } from "./connector.ts";
import { facebookAdsMetadata } from "./metadata.ts";

const PLATFORM = "facebook-ads";
const REDIRECT_URI = "https://app.adhelm.test/integrations/facebook-ads/callback";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
/** Every request the sandbox module received ("GET /v26.0/act_1/ads?..."). */
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

function mediaUrl(path: string | null): string | null {
  return path === null ? null : `${sandbox.root}${path}`;
}

function expectedAd(ad: SimAd): ExternalAd {
  return {
    externalId: ad.id,
    adGroupExternalId: ad.adGroupId,
    campaignExternalId: ad.campaignId,
    name: ad.name,
    status: ad.status,
    creative: {
      externalId: ad.creative.id,
      kind: ad.creative.kind,
      headline: ad.creative.headline,
      body: ad.creative.body,
      landingUrl: ad.creative.landingUrl,
      urlSuffix: ad.creative.urlSuffix,
      mediaUrl: mediaUrl(ad.creative.mediaUrlPath),
      thumbnailUrl: mediaUrl(ad.creative.thumbnailUrlPath),
    },
  };
}

function expectedAdMetric(row: SimAdDailyMetric, ads: Map<string, SimAd>, currency: string): ExternalAdDailyMetric {
  const isVideo = ads.get(row.adId)?.creative.kind === "video";
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
    // Meta leaves zero actions out: a video without plays that day reports none.
    videoViews: isVideo && row.videoViews > 0 ? row.videoViews : null,
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

describe("Meta connector against the sandbox: ad sets, ads and creatives", () => {
  it("lists every ad set of the account across pages, archived ones included", async () => {
    const account = await firstAccount();
    const paged = createConnector({ pageSize: 2 });
    requests.length = 0;
    const adSets = await paged.listAdGroups(tokens, account);
    const engineGroups = await sandbox.kit.engine.listAdGroups(sandbox.tenant, PLATFORM, account.externalId);
    expect(engineGroups.length).toBeGreaterThan(2);
    expect(adSets).toEqual(
      engineGroups
        .map((group) => ({
          externalId: group.id,
          campaignExternalId: group.campaignId,
          name: group.name,
          status: group.status,
        }))
        .sort((a, b) => a.externalId.localeCompare(b.externalId)),
    );
    const calls = requests.filter((line) => line.startsWith(`GET /v26.0/act_${account.externalId}/adsets?`));
    expect(calls).toHaveLength(Math.ceil(engineGroups.length / 2));
    expect(calls.slice(1).every((line) => line.includes("after="))).toBe(true);
    const filter = new URL(`http://x${calls[0]?.slice(4)}`).searchParams.get("effective_status");
    expect(JSON.parse(filter ?? "[]")).toEqual(expect.arrayContaining(["ACTIVE", "PAUSED", "ARCHIVED"]));
  });

  it("lists every ad with its creative (kind, copy, landing URL, url_tags, absolute image URLs) across pages", async () => {
    const account = await firstAccount();
    const paged = createConnector({ pageSize: 5 });
    requests.length = 0;
    const ads = await paged.listAds(tokens, account);
    const engineAds = await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId);
    expect(engineAds.length).toBeGreaterThan(5);
    expect(ads).toEqual(engineAds.map(expectedAd).sort((a, b) => a.externalId.localeCompare(b.externalId)));
    expect(requests.filter((line) => line.includes("/ads?"))).toHaveLength(Math.ceil(engineAds.length / 5));
    const fields = new URL(`http://x${requests[0]?.slice(4)}`).searchParams.get("fields");
    expect(fields).toContain("creative{id,");

    // Meta's kinds as the sandbox draws them, and the tracking parameters either in the URL or in url_tags.
    const kinds = new Set(ads.map((ad) => ad.creative.kind));
    expect([...kinds].every((kind) => ["image", "video", "carousel"].includes(kind))).toBe(true);
    expect(ads.some((ad) => ad.creative.urlSuffix?.startsWith("utm_source=facebook"))).toBe(true);
    const withImage = ads.find((ad) => ad.creative.mediaUrl);
    if (!withImage?.creative.mediaUrl || !withImage.creative.thumbnailUrl)
      throw new Error("No creative with an image.");
    expect(withImage.creative.mediaUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/media\/facebook-ads\//);
    const image = await fetch(withImage.creative.mediaUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    const thumbnail = await fetch(withImage.creative.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    await thumbnail.body?.cancel();
  });

  it("returns each ad's days with reach and 3-second video views, page by page, adding up to the campaign-days", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(7);
    const paged = createConnector({ pageSize: 25 });
    requests.length = 0;
    const metrics = sortAdMetrics(await paged.fetchAdDailyMetrics(tokens, account, range));
    const [engineRows, engineAds] = await Promise.all([
      sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range),
      sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId),
    ]);
    const ads = new Map(engineAds.map((ad) => [ad.id, ad]));
    expect(metrics.length).toBeGreaterThan(25);
    expect(metrics).toEqual(sortAdMetrics(engineRows.map((row) => expectedAdMetric(row, ads, account.currency))));
    expect(metrics.some((row) => (row.videoViews ?? 0) > 0)).toBe(true);
    expect(metrics.every((row) => row.reach !== null && row.reach <= row.impressions)).toBe(true);

    const calls = requests.filter((line) => line.includes("/insights"));
    expect(calls).toHaveLength(Math.ceil(metrics.length / 25));
    const first = new URL(`http://x${calls[0]?.slice(4)}`).searchParams;
    expect(first.get("level")).toBe("ad");
    expect(first.get("time_increment")).toBe("1");

    // The ads of a campaign-day add up to the campaign's own row for that day.
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

  it("reads a range over 31 days through an async report run at level=ad", async () => {
    const account = await firstAccount();
    const range = await rangeEndingToday(35);
    requests.length = 0;
    const metrics = await createConnector({ pageSize: 500 }).fetchAdDailyMetrics(tokens, account, range);
    const engineRows = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(metrics).toHaveLength(engineRows.length);
    expect(requests[0]).toBe(`POST /v26.0/act_${account.externalId}/insights`);
    expect(requests.some((line) => /^GET \/v26\.0\/\d+\/insights\?/.test(line))).toBe(true);
  });
});

describe("Meta sandbox: the Graph API's own shapes", () => {
  interface GraphAnswer {
    data: (Record<string, unknown> & { creative: Record<string, unknown> })[];
    paging: { cursors: { after?: string }; next?: string };
    error?: { code: number; message: string };
  }

  async function graphGet(path: string, query: Record<string, string>): Promise<{ status: number; body: GraphAnswer }> {
    const url = new URL(`${sandbox.config(facebookAdsMetadata).urls.api}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    return { status: response.status, body: (await response.json()) as GraphAnswer };
  }

  it("expands creative{…} in ads, pages with cursors and absolute next links, and names unknown fields", async () => {
    const account = await firstAccount();
    const page = await graphGet(`/act_${account.externalId}/ads`, {
      fields: "id,adset_id,effective_status,creative{id,object_type,title,image_url,video_id}",
      limit: "2",
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    const [first] = page.body.data;
    if (!first) throw new Error("No ad on the first page.");
    expect(Object.keys(first).sort()).toEqual(["adset_id", "creative", "effective_status", "id"]);
    expect(first.creative).toMatchObject({ id: expect.stringMatching(/^\d+$/), title: expect.any(String) });
    expect(["SHARE", "VIDEO"]).toContain(first.creative.object_type);
    expect(page.body.paging.cursors.after).toEqual(expect.any(String));
    expect(page.body.paging.next).toMatch(
      new RegExp(`^${sandbox.root}/facebook-ads/v26\\.0/act_${account.externalId}/ads\\?`),
    );

    const unknown = await graphGet(`/act_${account.externalId}/ads`, { fields: "id,creative{id,bogus}" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 100,
      message: "(#100) Tried accessing nonexisting field (bogus) on node type (AdCreative)",
    });
  });
});

describe("Meta connector against the sandbox: url_tags", () => {
  it("gives an ad new url_tags through a new creative, as Meta's creatives cannot change", async () => {
    const account = await firstAccount();
    const before = await connector.listAds(tokens, account);
    const target = before.find((ad) => ad.status !== "removed" && ad.creative.urlSuffix === null);
    if (!target) throw new Error("No ad without url_tags.");
    const tags = "utm_source=facebook&utm_medium=paid_social&utm_campaign=adhelm_fix";
    requests.length = 0;
    await connector.setAdUrlSuffix?.(tokens, account, target.externalId, `?${tags}`);
    expect(requests).toEqual([
      expect.stringMatching(new RegExp(`^GET /v26\\.0/${target.externalId}\\?fields=`)),
      `POST /v26.0/act_${account.externalId}/adcreatives`,
      `POST /v26.0/${target.externalId}`,
    ]);

    const after = (await connector.listAds(tokens, account)).find((ad) => ad.externalId === target.externalId);
    expect(after?.creative.urlSuffix).toBe(tags);
    expect(after?.creative.externalId).not.toBe(target.creative.externalId);
    // What the ad shows stays the same: only the tracking parameters are new.
    expect({ ...after?.creative, externalId: "", urlSuffix: null }).toEqual({
      ...target.creative,
      externalId: "",
      urlSuffix: null,
    });
    const engineAd = (await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId)).find(
      (ad) => ad.id === target.externalId,
    );
    expect(engineAd?.creative.urlSuffix).toBe(tags);
  });

  it("passes Meta's refusal on for an ad that does not exist", async () => {
    const account = await firstAccount();
    const error = await failureOf(Promise.resolve(connector.setAdUrlSuffix?.(tokens, account, "123", "a=b")));
    expect(error).toMatchObject({ kind: "rejected", platformCode: "100/33" });
  });
});

describe("Meta connector against the sandbox: ad-level errors", () => {
  it("reports throttling (code 17) while listing ads, and the next call works", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, tenant: sandbox.tenant, remaining: 1 });
    const error = await failureOf(connector.listAds(tokens, account));
    expect(error).toMatchObject({ kind: "throttled", platformCode: "17/2446079", retryAfterMs: 60_000 });
    expect((await connector.listAds(tokens, account)).length).toBeGreaterThan(0);
  });

  it("reports an expired token (190/463) on ad insights as token_expired", async () => {
    const account = await firstAccount();
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM, tenant: sandbox.tenant });
    const error = await failureOf(connector.fetchAdDailyMetrics(tokens, account, await rangeEndingToday(3)));
    expect(error).toMatchObject({ kind: "token_expired", platformCode: "190/463" });
    await sandbox.clearFaults();
    tokens = await connector.refreshTokens(tokens);
    expect(await connector.fetchAdDailyMetrics(tokens, account, await rangeEndingToday(3))).not.toHaveLength(0);
  });
});
