import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import { type AnalyticsModule, createAnalyticsModule } from "./analytics-module.ts";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";
import type { CampaignTableRequest } from "./analytics-types.ts";

/**
 * The campaigns table's footer on a constructed data set, where the average of the rows' ratios and
 * the ratio of the sums differ:
 *
 * | campaign | status  | currency | imp   | clicks | spend  | conv | revenue | CTR  | CPA    | ROAS |
 * | Alpha    | enabled | USD      | 1,000 | 100    | 10,000 | 10   | 50,000  | 10%  | 1,000  | 5    |
 * | Beta     | enabled | USD      | 9,000 | 90     | 30,000 | 2    | 30,000  | 1%   | 15,000 | 1    |
 * | Gamma    | paused  | USD      | 500   | 10     | 2,000  | 0    | 0       | 2%   | –      | 0    |
 * | Delta    | enabled | EUR      | 2,000 | 20     | 4,000  | 4    | 8,000   | 1%   | 1,000  | 2    |
 * Days outside the range and another organization's campaign must not count.
 */
const RANGE = { from: "2026-05-01", to: "2026-05-07" };

let fixture: AnalyticsFixture;
let analytics: AnalyticsModule;
let organizationId: string;
let reader: Actor;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  analytics = createAnalyticsModule({ db: fixture.database.db, clock: { now: async () => new Date() } });
  organizationId = await fixture.newOrganization();
  const otherOrganizationId = await fixture.newOrganization();
  reader = userActor({ userId: "u_reader", name: "Ada", organizationId, role: "viewer" });
  await fixture.seedAccount({
    organizationId,
    platform: "google-ads",
    accountName: "Search US",
    campaigns: [
      {
        name: "Alpha",
        days: {
          "2026-04-30": { impressions: 7_777, clicks: 777, spendMinor: 77_777, conversions: 7, revenueMinor: 7 },
          "2026-05-02": { impressions: 400, clicks: 40, spendMinor: 4_000, conversions: 4, revenueMinor: 20_000 },
          "2026-05-05": { impressions: 600, clicks: 60, spendMinor: 6_000, conversions: 6, revenueMinor: 30_000 },
        },
      },
      {
        name: "Beta",
        days: {
          "2026-05-03": { impressions: 9_000, clicks: 90, spendMinor: 30_000, conversions: 2, revenueMinor: 30_000 },
          "2026-05-08": { impressions: 5_555, clicks: 555, spendMinor: 55_555, conversions: 5, revenueMinor: 5 },
        },
      },
      {
        name: "Gamma",
        status: "paused",
        days: { "2026-05-04": { impressions: 500, clicks: 10, spendMinor: 2_000 } },
      },
    ],
  });
  await fixture.seedAccount({
    organizationId,
    platform: "facebook-ads",
    currency: "EUR",
    accountName: "Meta EU",
    campaigns: [
      {
        name: "Delta",
        days: {
          "2026-05-06": { impressions: 2_000, clicks: 20, spendMinor: 4_000, conversions: 4, revenueMinor: 8_000 },
        },
      },
    ],
  });
  await fixture.seedAccount({
    organizationId: otherOrganizationId,
    platform: "google-ads",
    campaigns: [{ name: "Theirs", days: { "2026-05-02": { impressions: 1, clicks: 1, spendMinor: 99_999 } } }],
  });
});
afterAll(async () => {
  await fixture?.close();
});

const tableOf = (overrides: Partial<CampaignTableRequest> = {}) =>
  analytics.getCampaignTable(reader, {
    range: RANGE,
    filters: {},
    sort: { key: "spend", direction: "desc" },
    page: 1,
    pageSize: 1,
    ...overrides,
  });

describe("the campaigns table's totals", () => {
  it("sums every matching campaign on every page, per currency, and derives each ratio from the sums", async () => {
    const table = await tableOf();
    // One row on the page; the footer covers all four campaigns.
    expect(table.rows).toHaveLength(1);
    expect(table.totals.map((total) => total.currency)).toEqual(["EUR", "USD"]);
    const usd = table.totals.find((total) => total.currency === "USD");
    expect(usd?.campaigns).toBe(3);
    expect(usd?.kpis).toMatchObject({
      impressions: 10_500,
      clicks: 200,
      spendMinor: 42_000,
      conversions: 12,
      revenueMinor: 80_000,
    });
    // Ratios of sums: not the averages of the rows' ratios (CTR 4.33%, CPA 8,000, ROAS 2).
    expect(usd?.kpis.ctr).toBeCloseTo(200 / 10_500, 10);
    expect(usd?.kpis.cpcMinor).toBeCloseTo(42_000 / 200, 10);
    expect(usd?.kpis.cpaMinor).toBeCloseTo(42_000 / 12, 10);
    expect(usd?.kpis.roas).toBeCloseTo(80_000 / 42_000, 10);
    expect(table.totals.find((total) => total.currency === "EUR")).toMatchObject({
      campaigns: 1,
      kpis: { spendMinor: 4_000, revenueMinor: 8_000, roas: 2, cpaMinor: 1_000, ctr: 0.01, cpcMinor: 200 },
    });
  });

  it("follows the filters: the footer of the enabled campaigns leaves the paused one out", async () => {
    const table = await tableOf({ filters: { statuses: ["enabled"], platforms: ["google-ads"] } });
    expect(table.totals).toHaveLength(1);
    expect(table.totals[0]).toMatchObject({
      currency: "USD",
      campaigns: 2,
      kpis: { impressions: 10_000, clicks: 190, spendMinor: 40_000, conversions: 12, revenueMinor: 80_000, roas: 2 },
    });
    expect(table.totals[0]?.kpis.ctr).toBeCloseTo(0.019, 10);
    expect(table.totals[0]?.kpis.cpaMinor).toBeCloseTo(40_000 / 12, 10);
  });

  it("counts the matching campaigns with zero sums and no ratios when the range has no data", async () => {
    const table = await tableOf({ range: { from: "2025-01-01", to: "2025-01-07" }, filters: { search: "alp" } });
    expect(table.totals).toEqual([
      {
        currency: "USD",
        campaigns: 1,
        kpis: {
          impressions: 0,
          clicks: 0,
          spendMinor: 0,
          conversions: 0,
          revenueMinor: 0,
          ctr: null,
          cpcMinor: null,
          cpaMinor: null,
          roas: null,
          roi: null,
        },
      },
    ]);
  });

  it("has no totals when nothing matches", async () => {
    expect((await tableOf({ filters: { search: "no such campaign" } })).totals).toEqual([]);
  });
});
