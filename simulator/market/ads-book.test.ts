/** The market engine's ads: listings, ad-days that add up to campaign-days, URL suffix edits. */
import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { addDays, TODAY, useMarketEngines } from "../market-engine-test-kit.ts";

const setUp = useMarketEngines();

describe("the engine's ads", () => {
  it("list ad groups and ads for every campaign of an account, the same on every engine", async () => {
    const first = await setUp();
    const second = await setUp();
    for (const platform of AD_PLATFORM_IDS) {
      const account = first.engine.listAccounts("org_a", platform)[0]!;
      const campaigns = await first.engine.listCampaigns("org_a", platform, account.id);
      const groups = await first.engine.listAdGroups("org_a", platform, account.id);
      const ads = await first.engine.listAds("org_a", platform, account.id);
      expect(new Set(groups.map((group) => group.campaignId))).toEqual(new Set(campaigns.map((c) => c.id)));
      expect(new Set(ads.map((ad) => ad.id)).size).toBe(ads.length);
      for (const ad of ads) expect(groups.some((group) => group.id === ad.adGroupId)).toBe(true);
      expect(await second.engine.listAds("org_a", platform, account.id)).toEqual(ads);
      expect(await second.engine.listAdGroups("org_a", platform, account.id)).toEqual(groups);
    }
  });

  it("report ad-days that add up exactly to the campaign-days of the same range", async () => {
    const { engine } = await setUp();
    const range = { from: addDays(TODAY, -45), to: TODAY };
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of engine.listAccounts("org_a", platform)) {
        const campaignDays = await engine.dailyMetrics("org_a", platform, account.id, range);
        const adDays = await engine.adDailyMetrics("org_a", platform, account.id, range);
        const ads = new Map((await engine.listAds("org_a", platform, account.id)).map((ad) => [ad.id, ad]));
        const sums = new Map<string, number[]>();
        for (const adDay of adDays) {
          expect(ads.get(adDay.adId)?.campaignId).toBe(adDay.campaignId);
          const key = `${adDay.campaignId}|${adDay.date}`;
          const sum = sums.get(key) ?? [0, 0, 0, 0, 0];
          sum[0]! += adDay.impressions;
          sum[1]! += adDay.clicks;
          sum[2]! += adDay.spendMinor;
          sum[3]! += Math.round(adDay.conversions * 100);
          sum[4]! += adDay.conversionValueMinor;
          sums.set(key, sum);
        }
        expect(sums.size).toBe(campaignDays.length);
        for (const row of campaignDays) {
          expect(sums.get(`${row.campaignId}|${row.date}`)).toEqual([
            row.impressions,
            row.clicks,
            row.spendMinor,
            Math.round(row.conversions * 100),
            row.conversionValueMinor,
          ]);
        }
      }
    }
  });

  it("keep a URL suffix set through the API, for that ad only, after a restart", async () => {
    const { engine, state } = await setUp();
    const account = engine.listAccounts("org_a", "google-ads")[0]!;
    const [ad, other] = await engine.listAds("org_a", "google-ads", account.id);
    expect(await engine.setAdUrlSuffix("org_a", "google-ads", ad!.id, "utm_source=google&utm_medium=cpc")).toBe(true);
    expect(await engine.setAdUrlSuffix("org_a", "google-ads", "999", "utm_source=google")).toBe(false);
    const { createMarketEngine } = await import("../market-engine.ts");
    const restarted = createMarketEngine({ state, now: () => new Date(`${TODAY}T12:00:00Z`) });
    const after = await restarted.listAds("org_a", "google-ads", account.id);
    expect(after.find((candidate) => candidate.id === ad!.id)?.creative.urlSuffix).toBe(
      "utm_source=google&utm_medium=cpc",
    );
    expect(after.find((candidate) => candidate.id === other!.id)?.creative.urlSuffix).toBe(other!.creative.urlSuffix);
    expect(
      await engine.listAds("org_b", "google-ads", engine.listAccounts("org_b", "google-ads")[0]!.id),
    ).not.toContainEqual(expect.objectContaining({ id: ad!.id }));
  });

  it("give campaigns created through an API their ads from their first day", async () => {
    const { engine } = await setUp();
    const account = engine.listAccounts("org_a", "microsoft-ads")[0]!;
    const created = await engine.createCampaign("org_a", "microsoft-ads", account.id, {
      name: "Generic Search – Spring",
      status: "enabled",
      dailyBudgetMinor: 5000,
    });
    const ads = (await engine.listAds("org_a", "microsoft-ads", account.id)).filter(
      (ad) => ad.campaignId === created!.id,
    );
    expect(ads.length).toBeGreaterThanOrEqual(2);
    expect(ads.every((ad) => ad.creative.kind === "text")).toBe(true);
  });
});
