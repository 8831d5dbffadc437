import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";
import { PREVIOUS, RANGE, type Scenario, seedScenario } from "./analytics-test-scenario.ts";
import { getCampaignDetail } from "./get-campaign-detail.ts";
import { getCampaignMetrics } from "./get-campaign-metrics.ts";

let fixture: AnalyticsFixture;
let scenario: Scenario;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  scenario = await seedScenario(fixture);
});
afterAll(async () => {
  await fixture.close();
});

const zeroDay = (date: string) => ({ date, impressions: 0, clicks: 0, spendMinor: 0, conversions: 0, revenueMinor: 0 });

describe("a campaign's page", () => {
  it("shows the campaign's KPIs against the period before and one point per day of the range", async () => {
    const detail = await getCampaignDetail(
      { analytics: fixture.analytics },
      { organizationId: scenario.organizationId, campaignId: scenario.brand, range: RANGE },
    );
    expect(detail.range).toEqual(RANGE);
    expect(detail.previousRange).toEqual(PREVIOUS);
    expect(detail.campaign).toMatchObject({
      id: scenario.brand,
      name: "Brand Search",
      current: { spendMinor: 15_000, roas: 2, cpaMinor: 3_000 },
      previous: { spendMinor: 5_000, roas: 4 },
    });
    expect(detail.daily).toEqual([
      zeroDay("2026-03-08"),
      zeroDay("2026-03-09"),
      { date: "2026-03-10", impressions: 2_000, clicks: 100, spendMinor: 10_000, conversions: 4, revenueMinor: 30_000 },
      { date: "2026-03-11", impressions: 1_000, clicks: 50, spendMinor: 5_000, conversions: 1, revenueMinor: 0 },
      zeroDay("2026-03-12"),
      zeroDay("2026-03-13"),
      zeroDay("2026-03-14"),
    ]);
  });

  it("opens for a removed campaign, and for nobody else's", async () => {
    const removed = await getCampaignDetail(
      { analytics: fixture.analytics },
      { organizationId: scenario.organizationId, campaignId: scenario.oldPromo, range: RANGE },
    );
    expect(removed.campaign).toMatchObject({ status: "removed", current: { spendMinor: 1_000 } });
    for (const [organizationId, campaignId] of [
      [scenario.organizationId, scenario.theirs],
      [scenario.otherOrganizationId, scenario.brand],
      [scenario.organizationId, scenario.unmanaged],
      [scenario.organizationId, scenario.disconnected],
      [scenario.organizationId, "no-such-campaign"],
    ] as const)
      await expect(
        getCampaignDetail({ analytics: fixture.analytics }, { organizationId, campaignId, range: RANGE }),
      ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("a campaign's metrics for the API", () => {
  it("gives the total with ROI and ROAS, and each day when asked", async () => {
    const total = await getCampaignMetrics(
      { analytics: fixture.analytics },
      { organizationId: scenario.organizationId, campaignId: scenario.brand, range: RANGE, granularity: "total" },
    );
    expect(total.daily).toBeUndefined();
    expect(total.campaign).toMatchObject({ id: scenario.brand, platform: "google-ads", currency: "USD" });
    expect(total.total).toEqual({
      impressions: 3_000,
      clicks: 150,
      spendMinor: 15_000,
      conversions: 5,
      revenueMinor: 30_000,
      ctr: 0.05,
      cpcMinor: 100,
      cpaMinor: 3_000,
      roas: 2,
      roi: 1,
    });
    const daily = await getCampaignMetrics(
      { analytics: fixture.analytics },
      { organizationId: scenario.organizationId, campaignId: scenario.brand, range: RANGE, granularity: "daily" },
    );
    expect(daily.daily).toHaveLength(7);
    expect(daily.daily?.[0]).toMatchObject({ date: "2026-03-08", spendMinor: 0, roas: null, roi: null, ctr: null });
    expect(daily.daily?.[2]).toMatchObject({ date: "2026-03-10", spendMinor: 10_000, roas: 3, roi: 2, cpcMinor: 100 });
    expect(daily.daily?.[3]).toMatchObject({ date: "2026-03-11", roas: 0, roi: -1, cpaMinor: 5_000 });
    await expect(
      getCampaignMetrics(
        { analytics: fixture.analytics },
        {
          organizationId: scenario.otherOrganizationId,
          campaignId: scenario.brand,
          range: RANGE,
          granularity: "total",
        },
      ),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
