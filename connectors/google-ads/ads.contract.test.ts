/** The Google Ads connector's ad-level reads against the sandbox, over HTTP. */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createGoogleAdsConnector } from "./connector.ts";
import { googleAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/google-ads/callback";
const PLATFORM = "google-ads";
/** Small pages, so every listing and report here crosses page and batch boundaries. */
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

describe("Google Ads ad groups and ads", () => {
  it("lists every ad group across search pages, under its campaign", async () => {
    const simulated = await sandbox.kit.engine.listAdGroups(sandbox.tenant, PLATFORM, account.externalId);
    expect(simulated.length).toBeGreaterThan(SMALL_PAGE);
    const groups = await connector.listAdGroups(tokens, account);
    expect(groups).toEqual(
      simulated.map((group) => ({
        externalId: group.id,
        campaignExternalId: group.campaignId,
        name: group.name,
        status: group.status,
      })),
    );
  });

  it("lists every ad with its creative: kind, copy, final URL, suffix and asset files", async () => {
    const simulated = await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, account.externalId);
    const ads = await connector.listAds(tokens, account);
    expect(ads.map((ad) => ad.externalId)).toEqual(simulated.map((ad) => ad.id));
    for (const [index, ad] of ads.entries()) {
      const source = simulated[index]!;
      expect(ad).toMatchObject({
        adGroupExternalId: source.adGroupId,
        campaignExternalId: source.campaignId,
        name: source.name,
        status: source.status,
      });
      expect(ad.creative).toMatchObject({
        kind: source.creative.kind,
        landingUrl: source.creative.landingUrl,
        urlSuffix: source.creative.urlSuffix,
        body: source.creative.body.slice(0, 90).trimEnd(),
      });
      expect(source.creative.headline.startsWith(ad.creative.headline!)).toBe(true);
      if (source.creative.kind === "text") {
        // A responsive search ad has no asset file: its creative is the ad.
        expect(ad.creative).toMatchObject({ externalId: source.id, mediaUrl: null, thumbnailUrl: null });
      } else {
        expect(ad.creative.externalId).toBe(source.creative.id);
        expect(ad.creative.thumbnailUrl).toMatch(/^http:\/\//);
      }
    }
  });

  it("links image assets and YouTube videos to files the browser can load", async () => {
    const ads = [];
    for (const candidate of await connector.listAdAccounts(tokens))
      ads.push(...(await connector.listAds(tokens, candidate)));
    const image = ads.find((ad) => ad.creative.kind === "image");
    const video = ads.find((ad) => ad.creative.kind === "video");
    expect(image ?? video).toBeDefined();
    for (const ad of [image, video]) {
      if (!ad) continue;
      // A video's YouTube thumbnail redirects to its poster, like i.ytimg.com serves one.
      const response = await fetch(ad.creative.thumbnailUrl!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("jpeg");
      if (ad.creative.kind === "video") expect(ad.creative.mediaUrl).toContain("/youtube/watch?v=");
      else expect(ad.creative.mediaUrl).toBe(ad.creative.thumbnailUrl);
    }
  });

  it("finds creatives of every kind Google serves across the tenant's accounts", async () => {
    const kinds = new Set<string>();
    for (const candidate of await connector.listAdAccounts(tokens)) {
      for (const ad of await connector.listAds(tokens, candidate)) kinds.add(ad.creative.kind);
    }
    expect(kinds.has("text")).toBe(true);
    expect([...kinds].every((kind) => ["text", "image", "video"].includes(kind))).toBe(true);
  });
});

describe("Google Ads ad metrics", () => {
  it("fetches every ad-day of a range; they add up to the campaign-days, money from micros", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -14), to: addDays(today, -1) };
    const adDays = await connector.fetchAdDailyMetrics(tokens, account, range);
    const simulated = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(adDays.length).toBe(simulated.length);
    expect(adDays.length).toBeGreaterThan(SMALL_PAGE * 3);
    const campaignDays = await connector.fetchDailyMetrics(tokens, account, range);
    const totals = new Map<
      string,
      { spend: number; clicks: number; impressions: number; value: number; cents: number }
    >();
    for (const row of adDays) {
      const key = `${row.campaignExternalId}|${row.date}`;
      const total = totals.get(key) ?? { spend: 0, clicks: 0, impressions: 0, value: 0, cents: 0 };
      total.spend += row.spendMinor;
      total.clicks += row.clicks;
      total.impressions += row.impressions;
      total.value += row.conversionValueMinor;
      total.cents += Math.round(row.conversions * 100);
      totals.set(key, total);
      expect(row.currency).toBe(account.currency);
      expect(row.reach).toBeNull();
    }
    expect(totals.size).toBe(campaignDays.length);
    for (const day of campaignDays) {
      expect(totals.get(`${day.campaignExternalId}|${day.date}`)).toEqual({
        spend: day.spendMinor,
        clicks: day.clicks,
        impressions: day.impressions,
        value: day.conversionValueMinor,
        cents: Math.round(day.conversions * 100),
      });
    }
    const ads = new Map((await connector.listAds(tokens, account)).map((ad) => [ad.externalId, ad]));
    for (const row of adDays) {
      if (ads.get(row.adExternalId)?.creative.kind !== "video") expect(row.videoViews ?? 0).toBe(0);
    }
  });

  it("returns no ad-days for a range before any campaign ran", async () => {
    await expect(
      connector.fetchAdDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });
});

describe("Google Ads final URL suffix", () => {
  it("sets an ad's final_url_suffix through ads:mutate; the next read shows it", async () => {
    const [ad] = await connector.listAds(tokens, account);
    const suffix = "utm_source=google&utm_medium=cpc&utm_campaign=fixed_by_adhelm";
    await connector.setAdUrlSuffix!(tokens, account, ad!.externalId, suffix);
    const after = (await connector.listAds(tokens, account)).find(
      (candidate) => candidate.externalId === ad!.externalId,
    );
    expect(after?.creative.urlSuffix).toBe(suffix);
  });

  it("reports an ad the account does not have as Google's RESOURCE_NOT_FOUND", async () => {
    const error = await failureOf(connector.setAdUrlSuffix!(tokens, account, "123456789012", "utm_source=google"));
    expect(error.kind).toBe("rejected");
    expect(error.platformCode).toBe("mutateError.RESOURCE_NOT_FOUND");
  });
});

describe("Google Ads ad-level errors", () => {
  it("reads a QuotaError as throttled, then goes through", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listAds(tokens, account));
    expect(error.kind).toBe("throttled");
    expect(error.retryAfterMs).toBe(1000);
    await expect(connector.listAds(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads an expired access token as token_expired on the ad report", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const today = await sandbox.kit.engine.today();
    const error = await failureOf(
      connector.fetchAdDailyMetrics(current, account, { from: addDays(today, -3), to: today }),
    );
    expect(error.kind).toBe("token_expired");
  });
});
