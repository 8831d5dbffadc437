import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { type SeededAdDay, seedAds } from "./ad-test-data.ts";
import { createAdsModule } from "./ads-module.ts";

/** The ads slice's reads over a real database: a campaign's ads, an ad's days, the creatives with fatigue and paging. */
let database: DatabaseHandle;
let ads: ReturnType<typeof createAdsModule>;
const TODAY = "2026-11-20";

beforeAll(async () => {
  database = await createTestDatabase();
  ads = createAdsModule({ db: database.db, clock: { now: async () => new Date(`${TODAY}T12:00:00Z`) } });
});
afterAll(async () => {
  await database.close();
});

async function organizationWithCampaigns(platform = "google-ads", status?: "disconnected") {
  const viewer = await createViewer(database.db);
  await seedConnection(database.db, { organizationId: viewer.organizationId, platform, status, campaigns: [{}, {}] });
  const campaigns = await database.db
    .selectFrom("campaigns")
    .where("organization_id", "=", viewer.organizationId)
    .select("id")
    .orderBy("external_id")
    .execute();
  return { viewer, actor: actorOfViewer(viewer, "viewer"), campaignIds: campaigns.map((row) => row.id) };
}

/** `count` days ending `last`, each `day`. */
function days(last: string, count: number, day: SeededAdDay): Record<string, SeededAdDay> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [addDays(last, -index), day]));
}

describe("a campaign's ads", () => {
  it("groups the ads under their ad group with their creative and their numbers over the range", async () => {
    const { actor, campaignIds } = await organizationWithCampaigns();
    const campaignId = campaignIds[0] as string;
    const { adIds } = await seedAds(database.db, {
      campaignId,
      adGroupName: "Prospecting",
      ads: [
        {
          name: "Video A",
          kind: "video",
          landingUrl: "https://shop.example/?utm_source=google&utm_medium=cpc",
          urlSuffix: "utm_campaign=spring",
          days: days("2026-11-10", 5, {
            impressions: 1_000,
            clicks: 20,
            spendMinor: 5_000,
            conversions: 2,
            revenueMinor: 20_000,
            videoViews: 300,
          }),
        },
        { name: "Image B", landingUrl: "https://shop.example/", days: {} },
      ],
    });
    await seedAds(database.db, { campaignId: campaignIds[1] as string, ads: [{ name: "Elsewhere" }] });

    const result = await ads.listCampaignAds(actor, { campaignId, range: { from: "2026-11-01", to: "2026-11-08" } });
    expect(result).toMatchObject({ campaignId, platform: "google-ads", currency: "USD" });
    expect(result.adGroups).toHaveLength(1);
    const [group] = result.adGroups;
    expect(group).toMatchObject({ name: "Prospecting", metrics: { impressions: 3_000, spendMinor: 15_000 } });
    expect(group?.ads.map((ad) => ad.name)).toEqual(["Image B", "Video A"]);
    const video = group?.ads.find((ad) => ad.id === adIds[0]);
    // 06–10 seeded; the range keeps 06, 07 and 08.
    expect(video?.metrics).toMatchObject({
      impressions: 3_000,
      clicks: 60,
      spendMinor: 15_000,
      conversions: 6,
      revenueMinor: 60_000,
      ctr: 0.02,
      cpcMinor: 250,
      cpaMinor: 2_500,
      roas: 4,
      videoViews: 900,
      hookRate: 0.3,
    });
    expect(video?.creative).toMatchObject({ kind: "video", hasUtm: true });
    const image = group?.ads.find((ad) => ad.id === adIds[1]);
    expect(image?.metrics).toMatchObject({ impressions: 0, ctr: null, cpcMinor: null, hookRate: null });
    expect(image?.creative.hasUtm).toBe(false);
  });

  it("answers not found for another organization's campaign and for a disconnected account's", async () => {
    const mine = await organizationWithCampaigns();
    const theirs = await organizationWithCampaigns();
    const gone = await organizationWithCampaigns("facebook-ads", "disconnected");
    await expect(
      ads.listCampaignAds(mine.actor, { campaignId: theirs.campaignIds[0] as string }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(ads.listCampaignAds(gone.actor, { campaignId: gone.campaignIds[0] as string })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("refuses a reversed range", async () => {
    const { actor, campaignIds } = await organizationWithCampaigns();
    await expect(
      ads.listCampaignAds(actor, {
        campaignId: campaignIds[0] as string,
        range: { from: "2026-11-09", to: "2026-11-01" },
      }),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
  });
});

describe("an ad's days", () => {
  it("gives every day of the range, zeros where it did not deliver, and the total; the last 30 days by default", async () => {
    const { actor, campaignIds } = await organizationWithCampaigns();
    const { adIds } = await seedAds(database.db, {
      campaignId: campaignIds[0] as string,
      ads: [{ days: { "2026-11-02": { impressions: 400, clicks: 8, spendMinor: 1_000, reach: 300 } } }],
    });
    const metrics = await ads.getAdMetrics(actor, {
      adId: adIds[0] as string,
      range: { from: "2026-11-01", to: "2026-11-03" },
    });
    expect(metrics.daily.map((day) => [day.date, day.metrics.impressions, day.metrics.reach])).toEqual([
      ["2026-11-01", 0, null],
      ["2026-11-02", 400, 300],
      ["2026-11-03", 0, null],
    ]);
    expect(metrics.total).toMatchObject({ impressions: 400, clicks: 8, spendMinor: 1_000, ctr: 0.02, reach: 300 });
    const recent = await ads.getAdMetrics(actor, { adId: adIds[0] as string });
    expect(recent.range).toEqual({ from: addDays(TODAY, -29), to: TODAY });
    expect(recent.daily).toHaveLength(30);

    const stranger = await organizationWithCampaigns();
    await expect(ads.getAdMetrics(stranger.actor, { adId: adIds[0] as string })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("the creatives", () => {
  it("lists one entry per creative with where it is used, its numbers and fatigue, biggest spenders first, a page at a time", async () => {
    const { actor, campaignIds } = await organizationWithCampaigns();
    const [first, second] = campaignIds as [string, string];
    const steady = { impressions: 10_000, clicks: 200, spendMinor: 10_000, reach: 8_000 };
    // A creative shown by two ads in two campaigns: launched 30 days ago; its last week tired.
    const tiredDays = {
      ...days(addDays(TODAY, -7), 23, steady),
      ...days(TODAY, 7, { impressions: 10_000, clicks: 100, spendMinor: 10_000, reach: 4_000 }),
    };
    const shared = await seedAds(database.db, {
      campaignId: first,
      ads: [
        { name: "Tired one", creativeKey: "shared", headline: "Summer sale", days: tiredDays },
        { name: "Cheap", creativeKey: "cheap", days: days(TODAY, 3, { impressions: 100, clicks: 1, spendMinor: 100 }) },
      ],
    });
    await seedAds(database.db, {
      campaignId: second,
      adGroupName: "Retargeting",
      ads: [
        { name: "Same creative", creativeKey: "shared", headline: "Summer sale", status: "paused", days: {} },
        {
          name: "Video",
          kind: "video",
          creativeKey: "video",
          days: days(TODAY, 30, { ...steady, spendMinor: 12_000, videoViews: 2_500 }),
        },
      ],
    });

    const range = { from: addDays(TODAY, -6), to: TODAY };
    const all = await ads.listCreatives(actor, { range, limit: 10 });
    expect(all.creatives.map((creative) => (creative.headline === "Summer sale" ? "shared" : creative.kind))).toEqual([
      "video",
      "shared",
      "image",
    ]);
    const tired = all.creatives.find((creative) => creative.id === shared.creativeIds[0]);
    expect(tired).toMatchObject({
      platforms: ["google-ads"],
      status: "enabled",
      metrics: { spendMinor: 70_000, impressions: 70_000, clicks: 700 },
      fatigue: { status: "tired", evidence: { reasons: ["ctr_fell", "frequency_rose"] } },
    });
    expect(tired?.usedIn.map((use) => [use.adName, use.adGroupName, use.status])).toEqual([
      ["Tired one", "Ad group", "enabled"],
      ["Same creative", "Retargeting", "paused"],
    ]);
    const video = all.creatives[0];
    expect(video?.metrics.hookRate).toBe(0.25);
    expect(video?.fatigue.status).toBe("healthy");
    expect(all.creatives[2]?.fatigue.status).toBe("insufficient_data");

    const pageOne = await ads.listCreatives(actor, { range, limit: 2 });
    expect(pageOne.creatives).toHaveLength(2);
    const pageTwo = await ads.listCreatives(actor, { range, limit: 2, cursor: pageOne.nextCursor });
    expect([...pageOne.creatives, ...pageTwo.creatives].map((creative) => creative.id)).toEqual(
      all.creatives.map((creative) => creative.id),
    );
    expect(pageTwo.nextCursor).toBeNull();

    const videos = await ads.listCreatives(actor, { range, kinds: ["video"] });
    expect(videos.creatives.map((creative) => creative.kind)).toEqual(["video"]);
    const searched = await ads.listCreatives(actor, { range, search: "summer" });
    expect(searched.creatives.map((creative) => creative.id)).toEqual([shared.creativeIds[0]]);
    expect((await ads.listCreatives(actor, { range, platforms: ["facebook-ads"] })).creatives).toEqual([]);
    await expect(ads.listCreatives(actor, { range, cursor: "not-a-cursor" })).rejects.toMatchObject({
      code: "bad_request",
    });

    const stranger = await organizationWithCampaigns();
    expect((await ads.listCreatives(stranger.actor, { range })).creatives).toEqual([]);
  });
});
