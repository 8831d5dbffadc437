import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { DEFAULT_COMPLETENESS } from "./conversion-lag.ts";
import { evaluateRule } from "./evaluate-rule.ts";
import { buildEvaluationContext } from "./evaluation-context.ts";
import { condition, ruleWith } from "./rule-engine-test-kit.ts";
import { loadEvaluationContext, measureConversionLag } from "./rule-metrics-repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const TODAY = "2025-03-20";

/** The organization's Google Ads campaigns that are not removed, by name. */
async function campaignIdsOf(organizationId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom("campaigns as c")
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .select("c.id")
    .where("c.organization_id", "=", organizationId)
    .where("n.platform", "=", "google-ads")
    .where("c.status", "!=", "removed")
    .orderBy("c.name")
    .execute();
  return rows.map((row) => row.id);
}

describe("loading the evaluation context", () => {
  it("holds the organization's visible campaigns, labels, metrics, store revenue, goals and time zone", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    const other = await createViewer(db, "Other");
    await db
      .insertInto("user_profiles")
      .values({
        id: viewer.userId,
        email: `${viewer.userId}@example.test`,
        first_name: "Ada",
        last_name: "L",
        role: "owner",
        timezone: "Europe/Berlin",
        currency: "USD",
      })
      .execute();
    // The organization counts its days in its own time zone (/settings/general), not its owner's.
    await db
      .updateTable("organization")
      .set({ time_zone: "Europe/Berlin" })
      .where("id", "=", viewer.organizationId)
      .execute();
    await seedConnection(db, {
      organizationId: viewer.organizationId,
      platform: "google-ads",
      campaigns: [{}, {}, { status: "removed" }],
    });
    await seedConnection(db, {
      organizationId: viewer.organizationId,
      platform: "facebook-ads",
      account: { isManaged: false },
      campaigns: [{}],
    });
    await seedConnection(db, { organizationId: other.organizationId, platform: "google-ads", campaigns: [{}] });
    const [first, second] = await campaignIdsOf(viewer.organizationId);
    const syncs = createSyncRepository(db);
    const rows = [];
    for (let date = addDays(TODAY, -9); date <= TODAY; date = addDays(date, 1))
      for (const campaignId of [first!, second!])
        rows.push({
          campaignId,
          campaignExternalId: "x",
          date,
          impressions: 1_000,
          clicks: 50,
          spendMinor: campaignId === first ? 2_000 : 1_000,
          conversions: 2,
          conversionValueMinor: 8_000,
          currency: "USD",
        });
    await syncs.upsertDailyMetrics(viewer.organizationId, rows);
    await db
      .insertInto("campaign_labels")
      .values({ organization_id: viewer.organizationId, campaign_id: first!, label: "top" })
      .execute();
    const storeId = randomUUID();
    await db
      .insertInto("connections")
      .values({ id: storeId, organization_id: viewer.organizationId, platform: "shopify", status: "active" })
      .execute();
    const storeDay = { organization_id: viewer.organizationId, date: addDays(TODAY, -1), connection_id: storeId };
    await db
      .insertInto("store_order_daily_revenue")
      .values([
        { ...storeDay, currency: "USD", utm_source: "google", revenue_minor: 9_000, orders: 3 },
        // Unattributed: no source, a platform never connected, one whose account is not managed.
        { ...storeDay, currency: "USD", utm_source: "", revenue_minor: 50_000, orders: 9 },
        { ...storeDay, currency: "USD", utm_source: "tiktok", revenue_minor: 40_000, orders: 4 },
        { ...storeDay, currency: "USD", utm_source: "facebook", revenue_minor: 30_000, orders: 2 },
      ])
      .execute();
    await db
      .insertInto("goals")
      .values({
        id: randomUUID(),
        organization_id: viewer.organizationId,
        scope: "organization",
        target_kind: "cpa",
        target_cpa_minor: 600,
        target_roas: null,
        currency: "USD",
      })
      .execute();

    expect(await organizationTimeZone(db, viewer.organizationId)).toBe("Europe/Berlin");
    expect(await organizationTimeZone(db, other.organizationId)).toBe("UTC");
    const context = await loadEvaluationContext(db, viewer.organizationId, { today: TODAY, days: 30 });
    expect(context.timeZone).toBe("Europe/Berlin");
    // Removed and unmanaged campaigns are left out, and the other organization's.
    expect(context.campaigns.map((campaign) => [campaign.id, campaign.labels, campaign.targetCpaMinor])).toEqual([
      [first, ["top"], 600],
      [second, [], 600],
    ]);
    const definition = ruleWith([
      condition("spend", ">", 0, { kind: "last_days", days: 7 }),
      condition("cpa", ">", { factor: 1, metric: "target_cpa" }, { kind: "yesterday" }),
      condition("blended_roas", ">", 0, { kind: "yesterday" }),
    ]);
    const evaluation = evaluateRule(definition, context, { trace: true });
    const values = evaluation.campaigns.map((campaign) =>
      campaign.trace!.groups[0]!.conditions.map((entry) => entry.value),
    );
    // Blended ROAS: the 9000 of store revenue Google Ads claims over 3000 of ad spend yesterday;
    // orders no connected platform claims never count (as on the dashboard).
    expect(values).toEqual([
      [14_000, 1_000, 3],
      [7_000, 500, 3],
    ]);
    expect(evaluation.campaigns.map((campaign) => campaign.fired)).toEqual([true, false]);

    const listed = await loadEvaluationContext(db, viewer.organizationId, {
      today: TODAY,
      days: 30,
      campaignIds: [second!],
    });
    expect(listed.campaigns.map((campaign) => campaign.id)).toEqual([second]);
  });

  it("reads every stored figure exactly: fractional conversions, large amounts and gaps between days", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    await seedConnection(db, { organizationId: viewer.organizationId, platform: "google-ads", campaigns: [{}, {}] });
    const [first, second] = await campaignIdsOf(viewer.organizationId);
    // Doubles that print with 17 digits, tiny ones with an exponent, a day left out, amounts past 2^32.
    const conversions = [0.1 + 0.2, 1 / 3, 1e-7, 2.5, 0, 123_456.789, 7];
    const rows = conversions.flatMap((value, index) =>
      index === 4
        ? []
        : [first!, second!].map((campaignId, at) => ({
            campaignId,
            campaignExternalId: "x",
            date: addDays(TODAY, -index * 2),
            impressions: 5_000_000_000 + index,
            clicks: 7 * index,
            spendMinor: 9_000_000_000_123 + at,
            conversions: value * (at + 1),
            conversionValueMinor: 4_294_967_297 * (index + 1),
            currency: "USD",
          })),
    );
    await createSyncRepository(db).upsertDailyMetrics(viewer.organizationId, rows);
    const loaded = await loadEvaluationContext(db, viewer.organizationId, { today: TODAY, days: 14, timeZone: "UTC" });
    const built = buildEvaluationContext({
      today: TODAY,
      now: loaded.now,
      timeZone: "UTC",
      days: 14,
      campaigns: loaded.campaigns,
      metrics: rows,
    });
    expect(loaded.series).toEqual(built.series);
    expect(loaded.series.conversions.some((value) => value > 0)).toBe(true);
  });
});

describe("the conversion lag model", () => {
  it("records each sync's view of the recent days and measures completeness from the mature ones", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    await seedConnection(db, { organizationId: viewer.organizationId, platform: "google-ads", campaigns: [{}] });
    const [campaignId] = await campaignIdsOf(viewer.organizationId);
    const syncs = createSyncRepository(db);
    // A day's 100 conversions arrive 50% on the day, 80% a day later, 95% two days later, all on the third.
    const seen = [0.5, 0.8, 0.95, 1];
    const start = "2025-01-01";
    for (let offset = 0; offset < 40; offset += 1) {
      const today = addDays(start, offset);
      const rows = [];
      for (let age = 0; age < 14 && age <= offset; age += 1)
        rows.push({
          campaignId: campaignId!,
          campaignExternalId: "x",
          date: addDays(today, -age),
          impressions: 10_000,
          clicks: 1_000,
          spendMinor: 10_000,
          conversions: 100 * (seen[age] ?? 1),
          conversionValueMinor: 0,
          currency: "USD",
        });
      await syncs.upsertDailyMetrics(viewer.organizationId, rows);
      expect(await syncs.recordConversionLag(viewer.organizationId, "google-ads", today)).toBe(
        Math.min(14, offset + 1),
      );
    }
    const today = addDays(start, 39);
    const snapshots = await db
      .selectFrom("conversion_lag_snapshots")
      .selectAll()
      .where("organization_id", "=", viewer.organizationId)
      .where("date", "=", addDays(today, -20))
      .orderBy("age_days")
      .execute();
    expect(snapshots.map((row) => [row.age_days, Number(row.conversions)])).toEqual(
      Array.from({ length: 14 }, (_, age) => [age, 100 * (seen[age] ?? 1)]),
    );

    const model = await measureConversionLag(db, viewer.organizationId, today);
    const google = model["google-ads"]!;
    expect(google.source).toBe("measured");
    expect(google.completeness.slice(0, 5)).toEqual([0.5, 0.8, 0.95, 1, 1]);
    // 40 days of history, 14 of them immature: 26 mature days, each matched at every age.
    expect(google.ages[0]).toEqual({ age: 0, completeness: 0.5, source: "measured", days: 26 });
    // A platform without data keeps the default curve.
    expect(model["tiktok-ads"]).toBeUndefined();
    expect(DEFAULT_COMPLETENESS[0]).toBeLessThan(0.9);
  });
});
