/** The sandbox's ads: their structure, the exact split of campaign-days and fatigue. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import type { SimDailyMetric } from "../sandbox-kit.ts";
import { type AdCampaign, type AdModel, buildCampaignAds, splitCampaignDay, splitInteger } from "./ads.ts";
import { dateOfDay, dayNumberOf } from "./calendar.ts";

const campaignOf = (platform: AdCampaign["platform"], name: string, seed: number): AdCampaign => ({
  platform,
  id: `c${seed}`,
  name,
  seed,
  startDay: dayNumberOf("2025-01-01"),
});

describe("splitInteger", () => {
  it("splits any total exactly, never below zero, by any weights", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const parts = splitInteger(total, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          for (const part of parts) expect(Number.isInteger(part) && part >= 0).toBe(true);
          // A zero weight gets nothing while another is positive.
          if (weights.some((weight) => weight > 0)) {
            for (const [index, weight] of weights.entries()) if (weight === 0) expect(parts[index]).toBe(0);
          }
        },
      ),
    );
  });

  it("keeps each part under its cap when the caps hold the total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.nat(500)), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (entries, share) => {
          const caps = entries.map(([, cap]) => cap);
          const total = Math.floor(caps.reduce((sum, cap) => sum + cap, 0) * share);
          const parts = splitInteger(
            total,
            entries.map(([weight]) => weight),
            caps,
          );
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          for (const [index, part] of parts.entries()) expect(part).toBeLessThanOrEqual(caps[index]!);
        },
      ),
    );
  });
});

describe("a campaign's ads", () => {
  it("are the same for the same campaign: 1–3 ad groups of 2–4 ads, ids in the platform's style", () => {
    for (const platform of AD_PLATFORM_IDS) {
      for (let seed = 1; seed <= 30; seed++) {
        const campaign = campaignOf(platform, "Prospecting – Broad – US", seed);
        const groups = buildCampaignAds("org_a", "Bluebird Coffee Co.", campaign);
        expect(buildCampaignAds("org_a", "Bluebird Coffee Co.", campaign)).toEqual(groups);
        expect(groups.length).toBeGreaterThanOrEqual(1);
        expect(groups.length).toBeLessThanOrEqual(platform === "linkedin-ads" ? 1 : 3);
        for (const { group, ads } of groups) {
          expect(ads.length).toBeGreaterThanOrEqual(2);
          expect(ads.length).toBeLessThanOrEqual(4);
          if (platform === "linkedin-ads") expect(group).toMatchObject({ id: campaign.id, name: campaign.name });
          for (const ad of ads) {
            expect(ad.adGroupId).toBe(group.id);
            expect(ad.creative.landingUrl).toMatch(/^https:\/\/www\.bluebirdcoffeeco\.com\/products\//);
            if (platform === "tiktok-ads") expect(ad.creative.kind).toBe("video");
            if (ad.creative.kind === "text") expect(ad.creative.mediaUrlPath).toBeNull();
            else expect(ad.creative.thumbnailUrlPath).toMatch(new RegExp(`^/media/${platform}/.+_thumb\\.jpg$`));
          }
        }
      }
    }
  });

  it("read like the brand's ads, and about one in seven carries no UTM parameters", () => {
    const ads = Array.from({ length: 200 }, (_, seed) =>
      buildCampaignAds("org_a", "Lumen Skincare", campaignOf("google-ads", "Generic Search – US", seed + 1)),
    ).flatMap((groups) => groups.flatMap((group) => group.ads));
    const copy = ads.map((ad) => `${ad.creative.headline} ${ad.creative.body}`).join(" ");
    expect(copy).toMatch(/Vitamin C Glow Serum|Daily Mineral SPF 50/);
    expect(ads.every((ad) => ad.creative.kind === "text")).toBe(true);
    const untagged = ads.filter(
      (ad) => !ad.creative.landingUrl.includes("utm_source=") && !ad.creative.urlSuffix?.includes("utm_source="),
    );
    expect(untagged.length / ads.length).toBeGreaterThan(0.08);
    expect(untagged.length / ads.length).toBeLessThan(0.25);
    expect(ads.some((ad) => ad.creative.urlSuffix?.includes("utm_campaign=generic_search_us"))).toBe(true);
  });

  it("write headlines that fit Google's and Microsoft's 30 characters, so the platform never cuts one", () => {
    for (const platform of ["google-ads", "microsoft-ads"] as const) {
      const headlines = Array.from({ length: 100 }, (_, seed) =>
        buildCampaignAds("org_a", "Copper Kettle Kitchen", campaignOf(platform, "Performance – US", seed + 1)),
      ).flatMap((groups) => groups.flatMap((group) => group.ads.map((ad) => ad.creative.headline)));
      for (const headline of headlines) expect(headline.length, headline).toBeLessThanOrEqual(30);
    }
  });
});

describe("splitting a campaign-day", () => {
  const day = dayNumberOf("2026-11-20");
  const rowArbitrary = fc
    .record({
      impressions: fc.nat(200_000),
      clickShare: fc.double({ min: 0, max: 0.2, noNaN: true }),
      spendMinor: fc.nat(5_000_000),
      conversionCents: fc.nat(50_000),
      conversionValueMinor: fc.nat(10_000_000),
    })
    .map(
      (row): SimDailyMetric => ({
        campaignId: "c1",
        date: dateOfDay(day),
        impressions: row.impressions,
        clicks: Math.floor(row.impressions * row.clickShare),
        spendMinor: row.spendMinor,
        conversions: row.conversionCents / 100,
        conversionValueMinor: row.conversionValueMinor,
      }),
    );

  it("adds every column up exactly to the campaign's day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), rowArbitrary, (seed, row) => {
        const campaign = { ...campaignOf("facebook-ads", "Video Views – Brand Story", seed), id: "c1" };
        const ads = buildCampaignAds("org_a", "Harbor Goods", campaign).flatMap((group) => group.ads);
        const adDays = splitCampaignDay(ads, day, row);
        const total = (pick: (value: (typeof adDays)[number]) => number) =>
          adDays.reduce((sum, adDay) => sum + pick(adDay), 0);
        expect(total((adDay) => adDay.impressions)).toBe(row.impressions);
        expect(total((adDay) => adDay.clicks)).toBe(row.clicks);
        expect(total((adDay) => adDay.spendMinor)).toBe(row.spendMinor);
        expect(total((adDay) => Math.round(adDay.conversions * 100))).toBe(Math.round(row.conversions * 100));
        expect(total((adDay) => adDay.conversionValueMinor)).toBe(row.conversionValueMinor);
        for (const adDay of adDays) {
          expect(adDay.clicks).toBeLessThanOrEqual(adDay.impressions);
          expect(adDay.reach).toBeLessThanOrEqual(adDay.impressions);
          expect(adDay.conversions).toBe(Math.round(adDay.conversions * 100) / 100);
          const ad = ads.find((candidate) => candidate.id === adDay.adId)!;
          if (ad.creative.kind !== "video") expect(adDay.videoViews).toBe(0);
        }
      }),
    );
  });

  it("shows a tiring creative: its CTR falls while its spend share and frequency rise", () => {
    const launchDay = dayNumberOf("2026-09-01");
    const [base] = buildCampaignAds("org_a", "Summit Gear", campaignOf("facebook-ads", "Prospecting – Broad", 7))[0]!
      .ads;
    const steady: AdModel = { ...base!, id: "steady", launchDay, fatigueRate: 0, pausedSinceDay: Infinity };
    const tiring: AdModel = { ...base!, id: "tiring", seed: base!.seed + 1, launchDay, fatigueRate: 0.25 };
    const dayOf = (offset: number): SimDailyMetric => ({
      campaignId: "c7",
      date: dateOfDay(launchDay + offset),
      impressions: 100_000,
      clicks: 2_000,
      spendMinor: 500_000,
      conversions: 40,
      conversionValueMinor: 300_000,
    });
    const stats = (offsets: number[]) => {
      let impressions = 0;
      let clicks = 0;
      let spend = 0;
      let reach = 0;
      for (const offset of offsets) {
        const split = splitCampaignDay([steady, tiring], launchDay + offset, dayOf(offset));
        const ad = split.find((adDay) => adDay.adId === "tiring")!;
        impressions += ad.impressions;
        clicks += ad.clicks;
        spend += ad.spendMinor;
        reach += ad.reach;
      }
      return {
        ctr: clicks / impressions,
        spendShare: spend / (500_000 * offsets.length),
        frequency: impressions / reach,
      };
    };
    const firstDays = stats([0, 1, 2, 3, 4, 5, 6]);
    const lastDays = stats([42, 43, 44, 45, 46, 47, 48]);
    expect(lastDays.ctr).toBeLessThan(firstDays.ctr * 0.7);
    expect(lastDays.spendShare).toBeGreaterThan(firstDays.spendShare);
    expect(lastDays.frequency).toBeGreaterThan(firstDays.frequency * 1.3);
  });
});
