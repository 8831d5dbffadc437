/** The Microsoft Advertising connector's ad-level reads against the sandbox, over HTTP. */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { createMicrosoftAdsSandbox } from "#simulator/platforms/microsoft-ads.ts";
import { failureOf } from "#tests/support/platform-failure.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createMicrosoftAdsConnector } from "./connector.ts";
import { microsoftAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/microsoft-ads/callback";
const PLATFORM = "microsoft-ads";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let accounts: ExternalAdAccount[];
let account: ExternalAdAccount;

/** The campaigns Microsoft lists: deleted ones are left out, and so are their ad groups and ads. */
async function listedCampaignIds(accountId: string) {
  const campaigns = await sandbox.kit.engine.listCampaigns(sandbox.tenant, PLATFORM, accountId);
  return new Set(campaigns.filter((campaign) => campaign.status !== "removed").map((campaign) => campaign.id));
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: createMicrosoftAdsSandbox },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createMicrosoftAdsConnector(sandbox.config(microsoftAdsMetadata), { pollDelayMs: () => 20 });
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
  accounts = await connector.listAdAccounts(tokens);
  const first = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM)[0];
  account = accounts.find((candidate) => candidate.externalId === first?.id) ?? accounts[0]!;
});

afterAll(async () => {
  await sandbox?.close();
});

afterEach(async () => {
  await sandbox.clearFaults();
});

describe("Microsoft Advertising ad groups and ads", () => {
  it("lists the ad groups of every listed campaign, one GetAdGroupsByCampaignId each", async () => {
    const listed = await listedCampaignIds(account.externalId);
    const simulated = (await sandbox.kit.engine.listAdGroups(sandbox.tenant, PLATFORM, account.externalId)).filter(
      (group) => listed.has(group.campaignId),
    );
    expect(simulated.length).toBeGreaterThan(listed.size - 1);
    const groups = await connector.listAdGroups(tokens, account);
    const key = (group: { externalId: string }) => group.externalId;
    expect([...groups].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      simulated
        .map((group) => ({
          externalId: group.id,
          campaignExternalId: group.campaignId,
          name: group.name,
          status: group.status,
        }))
        .sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it("lists every ad with its creative: responsive search ads as text, responsive ads with their image", async () => {
    const kinds = new Set<string>();
    for (const candidate of accounts) {
      const listed = await listedCampaignIds(candidate.externalId);
      const simulated = (await sandbox.kit.engine.listAds(sandbox.tenant, PLATFORM, candidate.externalId)).filter(
        (ad) => listed.has(ad.campaignId),
      );
      const ads = await connector.listAds(tokens, candidate);
      expect(new Set(ads.map((ad) => ad.externalId))).toEqual(new Set(simulated.map((ad) => ad.id)));
      for (const ad of ads) {
        const source = simulated.find((candidateAd) => candidateAd.id === ad.externalId)!;
        kinds.add(ad.creative.kind);
        expect(ad).toMatchObject({
          adGroupExternalId: source.adGroupId,
          campaignExternalId: source.campaignId,
          status: source.status,
        });
        expect(ad.creative).toMatchObject({
          kind: source.creative.kind,
          landingUrl: source.creative.landingUrl,
          urlSuffix: source.creative.urlSuffix,
          body: source.creative.body.slice(0, 90).trimEnd(),
        });
        expect(source.creative.headline.startsWith(ad.creative.headline!)).toBe(true);
        if (source.creative.kind === "text") expect(ad.creative.mediaUrl).toBeNull();
        else {
          expect(ad.creative.externalId).toBe(source.creative.id);
          expect(ad.creative.mediaUrl).toMatch(/\.jpg$/);
          expect(ad.creative.thumbnailUrl).toMatch(/_thumb\.jpg$/);
        }
      }
    }
    expect(kinds.has("text")).toBe(true);
  });

  it("links an image ad's media to real JPEG files", async () => {
    const ads = (await Promise.all(accounts.map((candidate) => connector.listAds(tokens, candidate)))).flat();
    const image = ads.find((ad) => ad.creative.kind === "image");
    expect(image).toBeDefined();
    for (const url of [image!.creative.mediaUrl!, image!.creative.thumbnailUrl!]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe("jpeg");
    }
  });
});

describe("Microsoft Advertising ad metrics", () => {
  it("fetches every ad-day through an AdPerformanceReportRequest; they add up to the campaign report", async () => {
    const today = await sandbox.kit.engine.today();
    const range = { from: addDays(today, -10), to: addDays(today, -1) };
    const adDays = await connector.fetchAdDailyMetrics(tokens, account, range);
    const simulated = await sandbox.kit.engine.adDailyMetrics(sandbox.tenant, PLATFORM, account.externalId, range);
    expect(adDays.length).toBe(simulated.length);
    expect(adDays.length).toBeGreaterThan(10);
    const sample = simulated[0]!;
    expect(adDays.find((row) => row.adExternalId === sample.adId && row.date === sample.date)).toEqual({
      adExternalId: sample.adId,
      campaignExternalId: sample.campaignId,
      date: sample.date,
      impressions: sample.impressions,
      reach: null,
      clicks: sample.clicks,
      spendMinor: sample.spendMinor,
      conversions: sample.conversions,
      conversionValueMinor: sample.conversionValueMinor,
      videoViews: null,
      currency: account.currency,
    });
    const campaignDays = await connector.fetchDailyMetrics(tokens, account, range);
    const totals = new Map<string, number[]>();
    for (const row of adDays) {
      const key = `${row.campaignExternalId}|${row.date}`;
      const total = totals.get(key) ?? [0, 0, 0, 0, 0];
      total[0]! += row.impressions;
      total[1]! += row.clicks;
      total[2]! += row.spendMinor;
      total[3]! += Math.round(row.conversions * 100);
      total[4]! += row.conversionValueMinor;
      totals.set(key, total);
    }
    expect(totals.size).toBe(campaignDays.length);
    for (const day of campaignDays) {
      expect(totals.get(`${day.campaignExternalId}|${day.date}`)).toEqual([
        day.impressions,
        day.clicks,
        day.spendMinor,
        Math.round(day.conversions * 100),
        day.conversionValueMinor,
      ]);
    }
  });

  it("returns no ad-days when the report is empty", async () => {
    await expect(
      connector.fetchAdDailyMetrics(tokens, account, { from: "2019-01-01", to: "2019-01-05" }),
    ).resolves.toEqual([]);
  });
});

describe("Microsoft Advertising final URL suffix", () => {
  it("sets an ad's FinalUrlSuffix with UpdateAds; the next read shows it", async () => {
    const [ad] = await connector.listAds(tokens, account);
    const suffix = "utm_source=bing&utm_medium=cpc&utm_campaign=fixed_by_adhelm";
    await connector.setAdUrlSuffix!(tokens, account, ad!.externalId, `?${suffix}`);
    const after = (await connector.listAds(tokens, account)).find(
      (candidate) => candidate.externalId === ad!.externalId,
    );
    expect(after?.creative.urlSuffix).toBe(suffix);
  });

  it("reports an ad the account does not have as rejected", async () => {
    const error = await failureOf(connector.setAdUrlSuffix!(tokens, account, "99999999999", "utm_source=bing"));
    expect(error.kind).toBe("rejected");
  });
});

describe("Microsoft Advertising ad-level errors", () => {
  it("reads 117 CallRateExceeded on an ad call as throttled, then goes through", async () => {
    await sandbox.setFault({ kind: "throttle", platform: PLATFORM, remaining: 1 });
    const error = await failureOf(connector.listAdGroups(tokens, account));
    expect(error.kind).toBe("throttled");
    await expect(connector.listAdGroups(tokens, account)).resolves.not.toHaveLength(0);
  });

  it("reads 109 AuthenticationTokenExpired on the ad report as token_expired", async () => {
    const current = await connector.refreshTokens(tokens);
    await sandbox.setFault({ kind: "expired_token", platform: PLATFORM });
    const today = await sandbox.kit.engine.today();
    const error = await failureOf(
      connector.fetchAdDailyMetrics(current, account, { from: addDays(today, -3), to: today }),
    );
    expect(error.kind).toBe("token_expired");
  });
});
