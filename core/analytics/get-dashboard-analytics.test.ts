import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";
import { PREVIOUS, RANGE, type Scenario, seedScenario } from "./analytics-test-scenario.ts";
import { getDashboardAnalytics } from "./get-dashboard-analytics.ts";
import { getScopeTotals } from "./get-scope-totals.ts";

let fixture: AnalyticsFixture;
let scenario: Scenario;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  scenario = await seedScenario(fixture);
  await fixture.seedStore({
    organizationId: scenario.organizationId,
    orders: [
      { date: "2026-03-09", totalMinor: 10_000, utmSource: "google" },
      { date: "2026-03-10", totalMinor: 5_000, refundedMinor: 1_000, utmSource: "Facebook" },
      { date: "2026-03-12", totalMinor: 8_000, utmSource: "newsletter" },
      { date: "2026-03-13", totalMinor: 2_000, utmSource: null },
      // Refunded in full: an order, but no revenue.
      { date: "2026-03-13", totalMinor: 3_000, refundedMinor: 3_000, utmSource: "IG" },
      { date: "2026-03-14", totalMinor: 1_500, utmSource: "adwords" },
      // The period before.
      { date: "2026-03-02", totalMinor: 4_000, utmSource: "bing" },
      // After the range.
      { date: "2026-03-15", totalMinor: 99_000, utmSource: "google" },
    ],
  });
  // A disconnected store and another organization's store count for nothing here.
  await fixture.seedStore({
    organizationId: scenario.organizationId,
    platform: "woocommerce",
    status: "disconnected",
    orders: [{ date: "2026-03-10", totalMinor: 77_000, utmSource: "google" }],
  });
  await fixture.seedStore({
    organizationId: scenario.otherOrganizationId,
    orders: [{ date: "2026-03-10", totalMinor: 66_000, utmSource: "google" }],
  });
});
afterAll(async () => {
  await fixture.close();
});

const dashboardOf = (organizationId: string, reportingCurrency = "USD") =>
  getDashboardAnalytics({ analytics: fixture.analytics }, { organizationId, range: RANGE, reportingCurrency });

describe("the dashboard analytics", () => {
  it("totals each currency on its own, the reporting currency first, against the period before", async () => {
    const dashboard = await dashboardOf(scenario.organizationId, "EUR");
    expect(dashboard).toMatchObject({ range: RANGE, previousRange: PREVIOUS, hasAdPlatform: true, hasStore: true });
    expect(dashboard.totals.map((total) => total.currency)).toEqual(["EUR", "USD"]);
    const [eur, usd] = dashboard.totals;
    expect(eur?.current).toMatchObject({ spendMinor: 7_500, revenueMinor: 50_000, conversions: 2.5 });
    expect(eur?.previous.spendMinor).toBe(0);
    // Removed campaigns' spend happened: it counts in the totals (not the unmanaged or disconnected ones).
    expect(usd?.current).toMatchObject({
      impressions: 7_000,
      clicks: 190,
      spendMinor: 18_000,
      conversions: 5,
      revenueMinor: 30_000,
    });
    expect(usd?.current.roas).toBeCloseTo(30_000 / 18_000, 10);
    expect(usd?.previous).toMatchObject({ spendMinor: 5_000, revenueMinor: 20_000, roas: 4 });
  });

  it("breaks the numbers down by platform and day", async () => {
    const dashboard = await dashboardOf(scenario.organizationId);
    expect(
      dashboard.byPlatform.map(({ platform, currency, current, previous, storeRevenueMinor }) => ({
        platform,
        currency,
        spend: current.spendMinor,
        previousSpend: previous.spendMinor,
        storeRevenueMinor,
      })),
    ).toEqual([
      // Store orders are in USD: Google's attributed revenue shows; Meta's row (EUR) cannot take USD.
      { platform: "google-ads", currency: "USD", spend: 18_000, previousSpend: 5_000, storeRevenueMinor: 11_500 },
      { platform: "facebook-ads", currency: "EUR", spend: 7_500, previousSpend: 0, storeRevenueMinor: 0 },
    ]);
    expect(dashboard.trend).toEqual([
      { date: "2026-03-10", platform: "google-ads", currency: "USD", spendMinor: 13_000, revenueMinor: 30_000 },
      { date: "2026-03-11", platform: "google-ads", currency: "USD", spendMinor: 5_000, revenueMinor: 0 },
      { date: "2026-03-12", platform: "facebook-ads", currency: "EUR", spendMinor: 7_500, revenueMinor: 50_000 },
    ]);
  });

  it("sets the store revenue the connected platforms claim against their ad spend, and shows the rest as unattributed", async () => {
    const { blended } = await dashboardOf(scenario.organizationId);
    expect(blended).toEqual([
      {
        currency: "USD",
        // Paid orders minus refunds, attributed or not.
        storeRevenueMinor: 10_000 + 4_000 + 8_000 + 2_000 + 0 + 1_500,
        previousStoreRevenueMinor: 4_000,
        // Google Ads advertises in USD: "google" and "adwords" are its.
        attributedRevenueMinor: 10_000 + 1_500,
        // "bing": the Microsoft account is not managed, so its spend is not in the ROAS either.
        previousAttributedRevenueMinor: 0,
        adSpendMinor: 18_000,
        previousAdSpendMinor: 5_000,
        roas: 11_500 / 18_000,
        previousRoas: 0,
        orders: 6,
        // "newsletter" and no source name no ad platform; Meta spends in EUR only, so its USD orders
        // cannot be set against USD spend.
        unattributedRevenueMinor: 8_000 + 2_000 + 4_000,
      },
    ]);
  });

  it("never lets orders from platforms the organization has not connected raise blended ROAS", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [{ name: "Search", days: { "2026-03-10": { spendMinor: 20_000, revenueMinor: 50_000 } } }],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "linkedin-ads",
      connectionStatus: "disconnected",
      campaigns: [{ name: "B2B", days: { "2026-03-10": { spendMinor: 9_000 } } }],
    });
    await fixture.seedStore({
      organizationId,
      orders: [{ date: "2026-03-10", totalMinor: 40_000, utmSource: "google" }],
    });
    const before = (await dashboardOf(organizationId)).blended[0];
    expect(before).toMatchObject({ attributedRevenueMinor: 40_000, unattributedRevenueMinor: 0, roas: 2 });

    // The store also sells through TikTok (never connected) and LinkedIn (disconnected).
    await fixture.seedStore({
      organizationId,
      platform: "woocommerce",
      orders: [
        { date: "2026-03-11", totalMinor: 70_000, utmSource: "tiktok" },
        { date: "2026-03-12", totalMinor: 30_000, utmSource: "lnkd.in" },
      ],
    });
    const after = await dashboardOf(organizationId);
    expect(after.blended).toEqual([
      expect.objectContaining({
        currency: "USD",
        storeRevenueMinor: 140_000,
        attributedRevenueMinor: 40_000,
        unattributedRevenueMinor: 100_000,
        adSpendMinor: 20_000,
        roas: 2,
        orders: 3,
      }),
    ]);
    // Nor does any platform's own row take them.
    expect(after.byPlatform.map((row) => [row.platform, row.storeRevenueMinor])).toEqual([["google-ads", 40_000]]);
  });

  it("leaves out the orders of a platform's campaigns that spend in another currency than the order", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      campaigns: [{ name: "Prospecting US", externalId: "10", days: { "2026-03-10": { spendMinor: 10_000 } } }],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      currency: "GBP",
      campaigns: [{ name: "Prospecting UK", externalId: "20", days: { "2026-03-10": { spendMinor: 8_000 } } }],
    });
    await fixture.seedStore({
      organizationId,
      orders: [
        { date: "2026-03-10", totalMinor: 20_000, utmSource: "facebook", utmCampaign: "prospecting us" },
        { date: "2026-03-10", totalMinor: 3_000, utmSource: "facebook", utmCampaign: "10" },
        // Untagged, or tagged with no campaign of Meta's: the platform's USD spend may claim it.
        { date: "2026-03-11", totalMinor: 2_000, utmSource: "facebook", utmCampaign: null },
        { date: "2026-03-11", totalMinor: 1_000, utmSource: "ig", utmCampaign: "stories" },
        // Brought by pounds of spend: not the dollars' doing.
        { date: "2026-03-11", totalMinor: 50_000, utmSource: "facebook", utmCampaign: "Prospecting UK" },
        { date: "2026-03-12", totalMinor: 40_000, utmSource: "facebook", utmCampaign: "20" },
      ],
    });
    const dashboard = await dashboardOf(organizationId);
    expect(dashboard.blended).toEqual([
      expect.objectContaining({
        currency: "USD",
        storeRevenueMinor: 116_000,
        attributedRevenueMinor: 26_000,
        unattributedRevenueMinor: 90_000,
        adSpendMinor: 10_000,
        roas: 2.6,
      }),
    ]);
    expect(dashboard.byPlatform.map(({ currency, storeRevenueMinor }) => [currency, storeRevenueMinor])).toEqual([
      ["USD", 26_000],
      ["GBP", 0],
    ]);
  });

  it("ranks the campaigns that spent by ROAS: the best five, then the worst among the rest", async () => {
    const organizationId = await fixture.newOrganization();
    // ROAS 1…8 over equal spend, and one that spent nothing.
    await fixture.seedAccount({
      organizationId,
      platform: "tiktok-ads",
      campaigns: [
        ...[3, 8, 1, 6, 2, 7, 4, 5].map((roas) => ({
          name: `ROAS ${roas}`,
          days: { "2026-03-10": { spendMinor: 1_000, revenueMinor: roas * 1_000 } },
        })),
        { name: "Idle", days: { "2026-03-10": { impressions: 50 } } },
      ],
    });
    const dashboard = await dashboardOf(organizationId);
    expect(dashboard.topCampaigns.map((row) => row.name)).toEqual(["ROAS 8", "ROAS 7", "ROAS 6", "ROAS 5", "ROAS 4"]);
    expect(dashboard.bottomCampaigns.map((row) => row.name)).toEqual(["ROAS 1", "ROAS 2", "ROAS 3"]);
    expect(dashboard.topCampaigns[0]?.current).toMatchObject({ spendMinor: 1_000, roas: 8 });
    expect(dashboard.hasStore).toBe(false);
    expect(dashboard.blended).toEqual([]);
    expect(dashboard.byPlatform[0]?.storeRevenueMinor).toBeNull();

    const scenarioRanking = await dashboardOf(scenario.organizationId);
    // Equal ROAS (nothing earned): more spend first. Unmanaged and other organizations' campaigns never rank.
    expect(scenarioRanking.topCampaigns.map((row) => row.name)).toEqual([
      "Retargeting",
      "Brand Search",
      "Generic Search",
      "Old Promo",
    ]);
    expect(scenarioRanking.bottomCampaigns).toEqual([]);
  });

  it("is empty, in the reporting currency, before anything is connected, and never shows another organization", async () => {
    const organizationId = await fixture.newOrganization();
    const empty = await dashboardOf(organizationId, "JPY");
    expect(empty).toMatchObject({
      hasAdPlatform: false,
      hasStore: false,
      byPlatform: [],
      trend: [],
      topCampaigns: [],
      bottomCampaigns: [],
      blended: [],
    });
    expect(empty.totals).toEqual([
      {
        currency: "JPY",
        current: expect.objectContaining({ spendMinor: 0, roas: null }),
        previous: expect.objectContaining({ spendMinor: 0 }),
      },
    ]);
    const theirs = await dashboardOf(scenario.otherOrganizationId);
    expect(theirs.totals.map((total) => [total.currency, total.current.spendMinor])).toEqual([["USD", 7_777]]);
    expect(theirs.blended.map((blend) => blend.storeRevenueMinor)).toEqual([66_000]);
    expect(theirs.topCampaigns.map((row) => row.id)).toEqual([scenario.theirs]);
  });
});

describe("the totals goals are measured against", () => {
  it("gives the organization's KPIs per currency, then each platform's", async () => {
    const totals = await getScopeTotals(
      { analytics: fixture.analytics },
      { organizationId: scenario.organizationId, range: RANGE },
    );
    expect(
      totals.map(({ scope, currency, kpis }) => ({ scope, currency, spend: kpis.spendMinor, cpa: kpis.cpaMinor })),
    ).toEqual([
      { scope: "organization", currency: "EUR", spend: 7_500, cpa: 3_000 },
      { scope: "organization", currency: "USD", spend: 18_000, cpa: 3_600 },
      { scope: "facebook-ads", currency: "EUR", spend: 7_500, cpa: 3_000 },
      { scope: "google-ads", currency: "USD", spend: 18_000, cpa: 3_600 },
    ]);
    expect(totals[1]?.kpis.roas).toBeCloseTo(30_000 / 18_000, 10);
  });
});
