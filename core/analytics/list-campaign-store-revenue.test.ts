import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaignStoreRevenueDays } from "./analytics-module.ts";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";

let fixture: AnalyticsFixture;
let storeRevenueDays: ReturnType<typeof createCampaignStoreRevenueDays>;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  storeRevenueDays = createCampaignStoreRevenueDays({ db: fixture.database.db });
});
afterAll(async () => {
  await fixture.close();
});

describe("store revenue per campaign and day", () => {
  it("gives an order to the campaign its UTM source and campaign name or id, in its currency", async () => {
    const organizationId = await fixture.newOrganization();
    const google = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [
        { name: "Brand Search", externalId: "111" },
        { name: "Generic Search", externalId: "222" },
        // Shares a name with a campaign that still runs: the running one takes the orders.
        { name: "brand search", externalId: "333", status: "removed" },
      ],
    });
    const meta = await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      campaigns: [{ name: "Brand Search", externalId: "444" }],
    });
    const [brand, generic] = google.campaignIds as [string, string];
    const [metaBrand] = meta.campaignIds as [string];
    await fixture.seedStore({
      organizationId,
      orders: [
        // By name: case and surrounding spaces do not matter.
        { date: "2026-03-10", totalMinor: 10_000, utmSource: "google", utmCampaign: "  BRAND search " },
        {
          date: "2026-03-10",
          totalMinor: 5_000,
          refundedMinor: 1_000,
          utmSource: "adwords",
          utmCampaign: "Brand Search",
        },
        // By the platform's id.
        { date: "2026-03-11", totalMinor: 7_000, utmSource: "google", utmCampaign: "222" },
        // The same name on Meta is Meta's campaign.
        { date: "2026-03-11", totalMinor: 3_000, utmSource: "facebook", utmCampaign: "Brand Search" },
        // Not a campaign: no tag, another name, a platform with no such campaign, another currency.
        { date: "2026-03-10", totalMinor: 90_000, utmSource: "google", utmCampaign: null },
        { date: "2026-03-10", totalMinor: 90_000, utmSource: "google", utmCampaign: "Summer Sale" },
        { date: "2026-03-10", totalMinor: 90_000, utmSource: "tiktok", utmCampaign: "Brand Search" },
        { date: "2026-03-10", totalMinor: 90_000, utmSource: null, utmCampaign: "Brand Search" },
        { date: "2026-03-10", totalMinor: 90_000, currency: "EUR", utmSource: "google", utmCampaign: "Brand Search" },
        // Outside the range.
        { date: "2026-03-13", totalMinor: 90_000, utmSource: "google", utmCampaign: "Brand Search" },
      ],
    });
    const days = await storeRevenueDays(organizationId, "2026-03-09", "2026-03-12");
    expect(days).toEqual(
      [
        { campaignId: brand, date: "2026-03-10", revenueMinor: 14_000, orders: 2 },
        { campaignId: generic, date: "2026-03-11", revenueMinor: 7_000, orders: 1 },
        { campaignId: metaBrand, date: "2026-03-11", revenueMinor: 3_000, orders: 1 },
      ].sort((a, b) => a.campaignId.localeCompare(b.campaignId)),
    );
    // Another organization sees none of it.
    expect(await storeRevenueDays(await fixture.newOrganization(), "2026-03-09", "2026-03-12")).toEqual([]);
  });

  it("dates an order on its campaign's ad account's calendar, like the campaign's metrics", async () => {
    const organizationId = await fixture.newOrganization();
    const berlin = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      timeZone: "Europe/Berlin",
      campaigns: [{ name: "Berlin", externalId: "1" }],
    });
    const kolkata = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      timeZone: "Asia/Kolkata",
      campaigns: [{ name: "Kolkata", externalId: "2" }],
    });
    const angeles = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      timeZone: "America/Los_Angeles",
      campaigns: [{ name: "Los Angeles", externalId: "3" }],
    });
    const order = (at: string, utmCampaign: string, totalMinor: number) => ({
      date: at.slice(0, 10),
      at,
      totalMinor,
      utmSource: "google",
      utmCampaign,
    });
    await fixture.seedStore({
      organizationId,
      orders: [
        // 00:30 in Berlin on the 11th.
        order("2026-03-10T23:30:00.000Z", "Berlin", 1_000),
        order("2026-03-10T22:59:59.000Z", "Berlin", 2_000),
        // India is 5:30 ahead: 18:29 UTC is still the 10th there, 18:30 is the 11th.
        order("2026-03-10T18:29:00.000Z", "Kolkata", 3_000),
        order("2026-03-10T18:30:00.000Z", "Kolkata", 4_000),
        // 17:00 on the 10th in Los Angeles.
        order("2026-03-11T00:00:00.000Z", "Los Angeles", 5_000),
        // The 12th in Los Angeles, outside the range, though the 13th in UTC is further still.
        order("2026-03-12T20:00:00.000Z", "Los Angeles", 6_000),
        // 23:59 on the 9th in Los Angeles (summer time since the 8th): before the range, though the 10th in UTC.
        order("2026-03-10T06:59:00.000Z", "Los Angeles", 7_000),
      ],
    });
    const days = await storeRevenueDays(organizationId, "2026-03-10", "2026-03-11");
    const campaign = new Map([
      [berlin.campaignIds[0], "Berlin"],
      [kolkata.campaignIds[0], "Kolkata"],
      [angeles.campaignIds[0], "Los Angeles"],
    ]);
    expect(
      days
        .map((day) => [campaign.get(day.campaignId), day.date, day.revenueMinor])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual([
      ["Berlin", "2026-03-10", 2_000],
      ["Berlin", "2026-03-11", 1_000],
      ["Kolkata", "2026-03-10", 3_000],
      ["Kolkata", "2026-03-11", 4_000],
      ["Los Angeles", "2026-03-10", 5_000],
    ]);
  });

  it("leaves out campaigns the team does not manage or has disconnected, and stores that are disconnected", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedAccount({
      organizationId,
      platform: "microsoft-ads",
      isManaged: false,
      campaigns: [{ name: "Unmanaged" }],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "linkedin-ads",
      connectionStatus: "disconnected",
      campaigns: [{ name: "Disconnected" }],
    });
    const google = await fixture.seedAccount({ organizationId, platform: "google-ads", campaigns: [{ name: "Shop" }] });
    await fixture.seedStore({
      organizationId,
      orders: [
        { date: "2026-03-10", totalMinor: 1_000, utmSource: "bing", utmCampaign: "Unmanaged" },
        { date: "2026-03-10", totalMinor: 1_000, utmSource: "linkedin", utmCampaign: "Disconnected" },
        { date: "2026-03-10", totalMinor: 1_000, utmSource: "google", utmCampaign: "Shop" },
      ],
    });
    await fixture.seedStore({
      organizationId,
      platform: "woocommerce",
      status: "disconnected",
      orders: [{ date: "2026-03-10", totalMinor: 50_000, utmSource: "google", utmCampaign: "Shop" }],
    });
    expect(await storeRevenueDays(organizationId, "2026-03-10", "2026-03-10")).toEqual([
      { campaignId: google.campaignIds[0], date: "2026-03-10", revenueMinor: 1_000, orders: 1 },
    ]);
  });
});
