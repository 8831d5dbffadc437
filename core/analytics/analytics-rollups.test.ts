import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { type AnalyticsFixture, createAnalyticsFixture, type SeededDay } from "./analytics-test-fixture.ts";
import type { DateRange, MetricSums } from "./analytics-types.ts";
import { listDays } from "./date-range.ts";
import { addSums, emptySums } from "./kpis.ts";

let fixture: AnalyticsFixture;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
});
afterAll(async () => {
  await fixture.close();
});

const D = "2026-03-15";
const day = (offset: number) => addDays(D, offset);

/** A small deterministic generator, so a failure repeats. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** What was written, as plain rows: the truth the rollups are compared with. */
class MetricModel {
  readonly days = new Map<string, Map<string, MetricSums>>();
  readonly platformOf = new Map<string, { platform: AdPlatformId; currency: string }>();

  write(campaignId: string, date: string, sums: MetricSums) {
    const days = this.days.get(campaignId) ?? new Map<string, MetricSums>();
    days.set(date, sums);
    this.days.set(campaignId, days);
  }
  sum(campaignId: string, range: DateRange): MetricSums {
    let total = emptySums();
    for (const [date, sums] of this.days.get(campaignId) ?? [])
      if (date >= range.from && date <= range.to) total = addSums(total, sums);
    return total;
  }
  sumByPlatform(range: DateRange, campaignIds: string[]) {
    const totals = new Map<string, MetricSums>();
    for (const id of campaignIds) {
      const { platform, currency } = this.platformOf.get(id) as { platform: AdPlatformId; currency: string };
      const sums = this.sum(id, range);
      if (![...(this.days.get(id)?.keys() ?? [])].some((date) => date >= range.from && date <= range.to)) continue;
      totals.set(`${platform} ${currency}`, addSums(totals.get(`${platform} ${currency}`) ?? emptySums(), sums));
    }
    return totals;
  }
}

describe("the analytics rollups", () => {
  it("answer every range like plain sums through backfills, gaps, late conversions, new campaigns and deletions", async () => {
    const random = randomFrom(42);
    const model = new MetricModel();
    const figures = (): MetricSums => {
      const impressions = Math.floor(random() * 5_000);
      const clicks = Math.floor(impressions * random() * 0.1);
      return {
        impressions,
        clicks,
        spendMinor: Math.floor(random() * 10_000),
        conversions: Math.round(random() * 40) / 4,
        revenueMinor: Math.floor(random() * 30_000),
      };
    };
    const organizationId = await fixture.newOrganization();
    const other = await fixture.newOrganization();
    const google = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [{}, {}, {}],
    });
    const meta = await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      currency: "EUR",
      campaigns: [{}, {}],
    });
    // Another organization's writes must neither show up nor disturb ours.
    const theirs = await fixture.seedAccount({
      organizationId: other,
      platform: "google-ads",
      campaigns: [{ days: { [day(0)]: { spendMinor: 99_999 } } }],
    });
    for (const id of google.campaignIds) model.platformOf.set(id, { platform: "google-ads", currency: "USD" });
    for (const id of meta.campaignIds) model.platformOf.set(id, { platform: "facebook-ads", currency: "EUR" });

    const write = async (account: { campaignIds: string[]; currency: string }, from: number, to: number) => {
      const rows: Array<{ campaignId: string; date: string } & SeededDay> = [];
      for (const campaignId of account.campaignIds)
        for (let offset = from; offset <= to; offset += 1) {
          // Some days have no row at all, as when a paused campaign reports nothing.
          if (random() < 0.15) continue;
          const sums = figures();
          model.write(campaignId, day(offset), sums);
          rows.push({ campaignId, date: day(offset), ...sums });
        }
      await fixture.writeMetrics(organizationId, account.currency, rows);
    };

    const check = async (label: string) => {
      const campaignIds = [...model.platformOf.keys()];
      const ranges: DateRange[] = [
        { from: day(-60), to: day(20) },
        { from: day(0), to: day(0) },
      ];
      for (let index = 0; index < 25; index += 1) {
        const a = Math.floor(random() * 70) - 55;
        const b = a + Math.floor(random() * 40);
        ranges.push({ from: day(a), to: day(b) });
      }
      for (const range of ranges) {
        const sums = await fixture.analytics.sumByCampaign(organizationId, campaignIds, range);
        for (const id of campaignIds) {
          const expected = model.sum(id, range);
          const actual = sums.get(id) ?? emptySums();
          expect({ ...actual, conversions: 0 }, `${label} ${id} ${range.from}..${range.to}`).toEqual({
            ...expected,
            conversions: 0,
          });
          expect(actual.conversions).toBeCloseTo(expected.conversions, 6);
        }
        const platforms = await fixture.analytics.sumByPlatform(organizationId, range);
        const expected = model.sumByPlatform(range, campaignIds);
        expect(
          platforms.map(({ platform, currency, spendMinor, revenueMinor, clicks }) => ({
            key: `${platform} ${currency}`,
            spendMinor,
            revenueMinor,
            clicks,
          })),
          `${label} platforms ${range.from}..${range.to}`,
        ).toEqual(
          [...expected.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, sums]) => ({
              key,
              spendMinor: sums.spendMinor,
              revenueMinor: sums.revenueMinor,
              clicks: sums.clicks,
            })),
        );
      }
      // The campaigns table sorts on the same rollups: its order is the plain sums' order.
      const range = { from: day(-20), to: day(1) };
      const page = await fixture.analytics.listCampaignPage({
        organizationId,
        range,
        filters: {},
        sort: { key: "spend", direction: "desc" },
        page: 1,
        pageSize: 50,
      });
      expect(
        page.campaigns.map((campaign) => model.sum(campaign.id, range).spendMinor),
        label,
      ).toEqual(campaignIds.map((id) => model.sum(id, range).spendMinor).sort((a, b) => b - a));
    };

    // A backfill: the newest chunk first, then an older one out of order (a gap), then the gap.
    await write(google, -9, 0);
    await check("first chunk");
    await write(google, -29, -20);
    await check("older chunk past a gap");
    await write(google, -19, -10);
    await check("the gap");
    // Another account whose days go past the others'.
    await write(meta, -5, 2);
    await check("later days");
    // Late conversions: the last week again, with new numbers, and a new day.
    await write(google, -6, 3);
    await check("late conversions");
    // A campaign appears in an account that already has rollups.
    const grown = { ...google, campaignIds: [...google.campaignIds] };
    const added = await fixture.database.db
      .insertInto("campaigns")
      .values({
        id: "added-campaign",
        organization_id: organizationId,
        ad_account_id: google.adAccountId,
        external_id: "added",
        name: "Added later",
        status: "enabled",
        daily_budget_minor: 1_000,
        currency: "USD",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    model.platformOf.set(added.id, { platform: "google-ads", currency: "USD" });
    await write({ campaignIds: [added.id], currency: "USD" }, -3, 3);
    grown.campaignIds.push(added.id);
    await check("a new campaign");
    // Much older days of one account move the bounds back for every campaign.
    await write(meta, -45, -35);
    await check("older days");
    // One day in the middle of an account's history changes.
    await write({ campaignIds: [meta.campaignIds[0] as string], currency: "EUR" }, -15, -15);
    await check("one day in the middle");
    // A full rebuild gives the same answers as the incremental upkeep.
    await fixture.analytics.rebuildRollups(organizationId);
    await check("rebuilt");

    // Deleting a connection takes its campaigns' rollups with it.
    await fixture.database.db.deleteFrom("connections").where("id", "=", google.connectionId).execute();
    for (const id of grown.campaignIds) model.platformOf.delete(id);
    const leftover = await fixture.database.db
      .selectFrom("campaign_metric_cumulative")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("campaign_id", "in", grown.campaignIds)
      .executeTakeFirstOrThrow();
    expect(Number(leftover.count)).toBe(0);
    await check("after a deletion");
    // New days after the deletion still extend the remaining campaigns correctly.
    await write(meta, 3, 5);
    await check("after a deletion, new days");

    // The other organization kept its own numbers.
    const their = await fixture.analytics.sumByCampaign(other, theirs.campaignIds, { from: day(-100), to: day(100) });
    expect(their.get(theirs.campaignIds[0] as string)?.spendMinor).toBe(99_999);
    const ours = await fixture.analytics.sumByCampaign(organizationId, theirs.campaignIds, {
      from: day(-100),
      to: day(100),
    });
    expect(ours.size).toBe(0);
  });

  it("keep every campaign dense over the organization's bounds", async () => {
    const organizationId = await fixture.newOrganization();
    const account = await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [{ days: { [day(-2)]: { spendMinor: 100 } } }, { days: { [day(1)]: { spendMinor: 50 } } }],
    });
    const rows = await fixture.database.db
      .selectFrom("campaign_metric_cumulative")
      .select(["campaign_id", "date", "spend_minor"])
      .where("ad_account_id", "=", account.adAccountId)
      .orderBy("campaign_id")
      .orderBy("date")
      .execute();
    const expectedDays = listDays({ from: day(-3), to: day(1) });
    for (const id of account.campaignIds)
      expect(rows.filter((row) => row.campaign_id === id).map((row) => row.date)).toEqual(expectedDays);
  });
});
