import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, apiKeyActor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { type AnalyticsModule, createAnalyticsModule } from "./analytics-module.ts";
import { type AnalyticsFixture, createAnalyticsFixture } from "./analytics-test-fixture.ts";
import { PREVIOUS, RANGE, type Scenario, seedScenario } from "./analytics-test-scenario.ts";
import type { CampaignSortKey, CampaignTableRequest, SortDirection } from "./analytics-types.ts";

let fixture: AnalyticsFixture;
let scenario: Scenario;
let analytics: AnalyticsModule;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  scenario = await seedScenario(fixture);
  analytics = createAnalyticsModule({ db: fixture.database.db, clock: { now: async () => new Date() } });
});

/** A read-only API key of the organization: the least an actor who reads the table can be. */
const readerOf = (organizationId: string): Actor =>
  apiKeyActor({ apiKeyId: "key_read", keyName: "Dashboards", organizationId, scope: "read", creatorRole: "owner" });
afterAll(async () => {
  await fixture.close();
});

const tableOf = (overrides: Partial<CampaignTableRequest> = {}) =>
  analytics.getCampaignTable(readerOf(scenario.organizationId), {
    range: RANGE,
    filters: {},
    sort: { key: "spend", direction: "desc" },
    page: 1,
    pageSize: 50,
    ...overrides,
  });
const namesOf = async (overrides: Partial<CampaignTableRequest>) =>
  (await tableOf(overrides)).rows.map((row) => row.name);
const sortedBy = (key: CampaignSortKey, direction: SortDirection) => namesOf({ sort: { key, direction } });

describe("the campaigns table", () => {
  it("lists every managed campaign with its sums and ratios for the range and the period before", async () => {
    const table = await tableOf();
    expect(table).toMatchObject({ total: 4, page: 1, pageSize: 50, range: RANGE, previousRange: PREVIOUS });
    expect(table.rows.map((row) => row.name)).toEqual(["Brand Search", "Retargeting", "Generic Search", "Prospecting"]);
    const [brand, retargeting, generic, prospecting] = table.rows;
    expect(brand).toMatchObject({
      id: scenario.brand,
      platform: "google-ads",
      adAccountId: scenario.googleAccountId,
      adAccountName: "Search US",
      externalId: "1000",
      status: "enabled",
      dailyBudgetMinor: 10_000,
      currency: "USD",
      current: {
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
      },
      previous: {
        impressions: 1_000,
        clicks: 100,
        spendMinor: 5_000,
        conversions: 5,
        revenueMinor: 20_000,
        roas: 4,
        roi: 3,
      },
    });
    expect(new Date(brand?.createdAt ?? "").toISOString()).toBe(brand?.createdAt);
    expect(retargeting).toMatchObject({
      platform: "facebook-ads",
      currency: "EUR",
      current: { spendMinor: 7_500, conversions: 2.5, revenueMinor: 50_000, cpcMinor: 15, cpaMinor: 3_000 },
    });
    expect(retargeting?.current.roas).toBeCloseTo(50_000 / 7_500, 10);
    expect(generic).toMatchObject({
      status: "paused",
      dailyBudgetMinor: null,
      current: { spendMinor: 2_000, ctr: 0.01, cpcMinor: 50, cpaMinor: null, roas: 0, roi: -1 },
      previous: { spendMinor: 0, ctr: null, cpcMinor: null, cpaMinor: null, roas: null, roi: null },
    });
    // No data at all: zero sums, and no ratio (nothing to divide by).
    expect(prospecting?.current).toEqual({
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
    });
  });

  it("sorts by every column, ratios without a value last in both directions", async () => {
    expect(await sortedBy("spend", "asc")).toEqual(["Prospecting", "Generic Search", "Retargeting", "Brand Search"]);
    expect(await sortedBy("roas", "desc")).toEqual(["Retargeting", "Brand Search", "Generic Search", "Prospecting"]);
    expect(await sortedBy("roas", "asc")).toEqual(["Generic Search", "Brand Search", "Retargeting", "Prospecting"]);
    // Equal CPAs fall back to the name; campaigns without conversions have no CPA and come last.
    expect(await sortedBy("cpa", "asc")).toEqual(["Brand Search", "Retargeting", "Generic Search", "Prospecting"]);
    expect(await sortedBy("cpa", "desc")).toEqual(["Brand Search", "Retargeting", "Generic Search", "Prospecting"]);
    expect(await sortedBy("ctr", "desc")).toEqual(["Brand Search", "Retargeting", "Generic Search", "Prospecting"]);
    expect(await sortedBy("cpc", "asc")).toEqual(["Retargeting", "Generic Search", "Brand Search", "Prospecting"]);
    expect(await sortedBy("impressions", "desc")).toEqual([
      "Retargeting",
      "Generic Search",
      "Brand Search",
      "Prospecting",
    ]);
    expect(await sortedBy("clicks", "desc")).toEqual(["Retargeting", "Brand Search", "Generic Search", "Prospecting"]);
    expect(await sortedBy("conversions", "desc")).toEqual([
      "Brand Search",
      "Retargeting",
      "Generic Search",
      "Prospecting",
    ]);
    expect(await sortedBy("revenue", "desc")).toEqual(["Retargeting", "Brand Search", "Generic Search", "Prospecting"]);
    expect(await sortedBy("name", "asc")).toEqual(["Brand Search", "Generic Search", "Prospecting", "Retargeting"]);
    expect(await sortedBy("name", "desc")).toEqual(["Retargeting", "Prospecting", "Generic Search", "Brand Search"]);
    expect(await sortedBy("platform", "asc")).toEqual(["Prospecting", "Retargeting", "Brand Search", "Generic Search"]);
    expect(await sortedBy("account", "desc")).toEqual(["Brand Search", "Generic Search", "Prospecting", "Retargeting"]);
    expect(await sortedBy("status", "desc")).toEqual(["Generic Search", "Brand Search", "Prospecting", "Retargeting"]);
    expect(await sortedBy("dailyBudget", "desc")).toEqual([
      "Brand Search",
      "Prospecting",
      "Retargeting",
      "Generic Search",
    ]);
    expect(await sortedBy("dailyBudget", "asc")).toEqual([
      "Retargeting",
      "Prospecting",
      "Brand Search",
      "Generic Search",
    ]);
  });

  it("filters by platform, ad account, status and name", async () => {
    expect(await namesOf({ filters: { platforms: ["facebook-ads"] } })).toEqual(["Retargeting", "Prospecting"]);
    expect(await namesOf({ filters: { adAccountIds: [scenario.googleAccountId] } })).toEqual([
      "Brand Search",
      "Generic Search",
    ]);
    // Removed campaigns show only when the status filter asks for them.
    expect(await namesOf({ filters: { statuses: ["removed"] } })).toEqual(["Old Promo"]);
    expect(await namesOf({ filters: { statuses: ["enabled", "removed"] } })).toEqual([
      "Brand Search",
      "Retargeting",
      "Old Promo",
      "Prospecting",
    ]);
    expect(await namesOf({ filters: { search: "  SEARCH " } })).toEqual(["Brand Search", "Generic Search"]);
    // The search is text, not a pattern.
    expect(await namesOf({ filters: { search: "%" } })).toEqual([]);
    expect(await namesOf({ filters: { search: "_" } })).toEqual([]);
    const combined = await tableOf({ filters: { platforms: ["google-ads"], statuses: ["paused"], search: "generic" } });
    expect({ total: combined.total, names: combined.rows.map((row) => row.name) }).toEqual({
      total: 1,
      names: ["Generic Search"],
    });
    // Platforms and accounts the team does not manage stay out, even when asked for.
    expect(await namesOf({ filters: { platforms: ["microsoft-ads", "linkedin-ads"] } })).toEqual([]);
    expect(await namesOf({ filters: { platforms: [] } })).toEqual([]);
  });

  it("pages through the campaigns", async () => {
    const second = await tableOf({ page: 2, pageSize: 3 });
    expect({ total: second.total, names: second.rows.map((row) => row.name) }).toEqual({
      total: 4,
      names: ["Prospecting"],
    });
    expect((await tableOf({ page: 3, pageSize: 3 })).rows).toEqual([]);
    await expect(tableOf({ page: 0 })).rejects.toThrow(AppError);
    await expect(tableOf({ pageSize: 501 })).rejects.toMatchObject({ code: "unprocessable_entity" });
  });

  it("shows zeros for a range without data", async () => {
    const table = await tableOf({
      range: { from: "2020-01-01", to: "2020-01-31" },
      sort: { key: "roas", direction: "desc" },
    });
    expect(table.rows.map((row) => row.name)).toEqual(["Brand Search", "Generic Search", "Prospecting", "Retargeting"]);
    expect(table.rows.every((row) => row.current.spendMinor === 0 && row.current.roas === null)).toBe(true);
  });

  it("never shows another organization's campaigns", async () => {
    const theirs = await analytics.getCampaignTable(readerOf(scenario.otherOrganizationId), {
      range: RANGE,
      filters: {},
      sort: { key: "spend", direction: "desc" },
      page: 1,
      pageSize: 50,
    });
    expect(theirs.rows.map((row) => [row.id, row.current.spendMinor])).toEqual([[scenario.theirs, 7_777]]);
    const ours = await tableOf({ filters: { search: "brand" } });
    expect(ours.rows.map((row) => row.id)).toEqual([scenario.brand]);
  });

  it("is reached only through use cases that read, as an actor of the organization", () => {
    for (const useCase of Object.values(analytics)) expect(useCase.permission).toBe("workspace.read");
  });
});
