import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsFixture, createAnalyticsFixture } from "#core/analytics/analytics-test-fixture.ts";
import { getDashboardAnalytics } from "#core/analytics/get-dashboard-analytics.ts";
import { loadClaimedStoreRevenue } from "./claimed-store-revenue.ts";

let fixture: AnalyticsFixture;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
});
afterAll(async () => {
  await fixture.close();
});

const RANGE = { from: "2026-03-08", to: "2026-03-14" };

/** The rules' blended ROAS numerator over the range, per currency, beside the dashboard's. */
async function bothSides(organizationId: string) {
  const days = await loadClaimedStoreRevenue(fixture.database.db, organizationId, RANGE.from, RANGE.to);
  const rules = new Map<string, number>();
  for (const day of days) rules.set(day.currency, (rules.get(day.currency) ?? 0) + day.amountMinor);
  const dashboard = await getDashboardAnalytics(
    { analytics: fixture.analytics },
    { organizationId, range: RANGE, reportingCurrency: "USD" },
  );
  return {
    rules: Object.fromEntries(rules),
    dashboard: Object.fromEntries(dashboard.blended.map((entry) => [entry.currency, entry.attributedRevenueMinor])),
  };
}

describe("the store revenue the rules' blended ROAS counts", () => {
  it("is what the connected platforms claim, the dashboard's numerator, day by day", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedAccount({ organizationId, platform: "google-ads", campaigns: [{ name: "Search" }] });
    await fixture.seedStore({
      organizationId,
      orders: [
        { date: "2026-03-09", totalMinor: 4_000, utmSource: "google" },
        { date: "2026-03-10", totalMinor: 6_000, refundedMinor: 1_000, utmSource: "Google_Ads" },
        { date: "2026-03-10", totalMinor: 90_000, utmSource: "tiktok" },
        { date: "2026-03-10", totalMinor: 90_000, utmSource: null },
      ],
    });
    const days = await loadClaimedStoreRevenue(fixture.database.db, organizationId, RANGE.from, RANGE.to);
    expect(days.sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: "2026-03-09", currency: "USD", amountMinor: 4_000 },
      { date: "2026-03-10", currency: "USD", amountMinor: 5_000 },
    ]);
    expect(await bothSides(organizationId)).toEqual({ rules: { USD: 9_000 }, dashboard: { USD: 9_000 } });
  });

  it("leaves out orders of campaigns that spend in another currency, as the dashboard does", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedAccount({ organizationId, platform: "facebook-ads", campaigns: [{ name: "Prospecting US" }] });
    await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      currency: "GBP",
      campaigns: [{ name: "Prospecting UK" }],
    });
    await fixture.seedStore({
      organizationId,
      orders: [
        { date: "2026-03-10", totalMinor: 20_000, utmSource: "facebook", utmCampaign: "Prospecting US" },
        { date: "2026-03-11", totalMinor: 2_000, utmSource: "facebook" },
        { date: "2026-03-11", totalMinor: 50_000, utmSource: "facebook", utmCampaign: "prospecting uk" },
      ],
    });
    expect(await bothSides(organizationId)).toEqual({ rules: { USD: 22_000 }, dashboard: { USD: 22_000 } });
  });

  it("is nothing without a connected ad platform", async () => {
    const organizationId = await fixture.newOrganization();
    await fixture.seedStore({
      organizationId,
      orders: [{ date: "2026-03-10", totalMinor: 5_000, utmSource: "google" }],
    });
    expect(await bothSides(organizationId)).toEqual({ rules: {}, dashboard: { USD: 0 } });
  });
});
