import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";
import { type Scenario, seedScenario } from "./analytics-test-scenario.ts";
import type { DailyMetricExportRow } from "./analytics-types.ts";
import { listDailyMetricRows } from "./list-daily-metric-rows.ts";

let fixture: AnalyticsFixture;
let scenario: Scenario;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  scenario = await seedScenario(fixture);
});
afterAll(async () => {
  await fixture.close();
});

async function collect(iterable: AsyncIterable<DailyMetricExportRow[]>) {
  const batches: DailyMetricExportRow[][] = [];
  for await (const batch of iterable) batches.push(batch);
  return batches;
}

const RANGE = { from: "2026-03-01", to: "2026-03-14" };

describe("the daily metrics export", () => {
  it("streams every campaign-day with data in small batches, campaign by campaign", async () => {
    const batches = await collect(
      listDailyMetricRows(
        { analytics: fixture.analytics },
        { organizationId: scenario.organizationId, range: RANGE, filters: {}, batchSize: 2 },
      ),
    );
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    const rows = batches.flat();
    expect(rows.map((row) => [row.platform, row.campaignName, row.date])).toEqual([
      ["facebook-ads", "Retargeting", "2026-03-12"],
      ["google-ads", "Brand Search", "2026-03-01"],
      ["google-ads", "Brand Search", "2026-03-10"],
      ["google-ads", "Brand Search", "2026-03-11"],
      ["google-ads", "Generic Search", "2026-03-10"],
    ]);
    expect(rows[0]).toEqual({
      date: "2026-03-12",
      campaignId: scenario.retargeting,
      campaignName: "Retargeting",
      platform: "facebook-ads",
      adAccountName: "Meta EU",
      currency: "EUR",
      impressions: 10_000,
      clicks: 500,
      spendMinor: 7_500,
      conversions: 2.5,
      revenueMinor: 50_000,
    });
  });

  it("applies the table's filters and never reads another organization", async () => {
    const removed = (
      await collect(
        listDailyMetricRows(
          { analytics: fixture.analytics },
          { organizationId: scenario.organizationId, range: RANGE, filters: { statuses: ["removed"] } },
        ),
      )
    ).flat();
    expect(removed.map((row) => [row.campaignName, row.spendMinor])).toEqual([["Old Promo", 1_000]]);
    const theirs = (
      await collect(
        listDailyMetricRows(
          { analytics: fixture.analytics },
          { organizationId: scenario.otherOrganizationId, range: RANGE, filters: {} },
        ),
      )
    ).flat();
    expect(theirs.map((row) => row.campaignId)).toEqual([scenario.theirs]);
    const none = await collect(
      listDailyMetricRows(
        { analytics: fixture.analytics },
        { organizationId: scenario.organizationId, range: { from: "2020-01-01", to: "2020-01-02" }, filters: {} },
      ),
    );
    expect(none).toEqual([]);
  });
});
