import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { migrateTo, migrateToLatest } from "#core/db/migrate.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createAnalyticsRepository } from "./analytics-repository.ts";
import { getDashboardAnalytics } from "./get-dashboard-analytics.ts";

/** A database of its own at the schema just before the rollups (the template is already past it). */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  await migrateTo(database.db, "0007-campaign-management");
});
afterAll(async () => {
  await database.close();
});

describe("the analytics rollups migration", () => {
  it("rolls up the metrics and orders synced before it", async () => {
    const { db } = database;
    await db
      .insertInto("user")
      .values({ id: "user-1", name: "Ada", email: "ada@example.test", emailVerified: true })
      .execute();
    await db.insertInto("organization").values({ id: "org-1", name: "Engines", slug: "engines" }).execute();
    await db
      .insertInto("connections")
      .values({ id: "google", organization_id: "org-1", platform: "google-ads" })
      .execute();
    await db
      .insertInto("connections")
      .values({
        id: "shop",
        organization_id: "org-1",
        platform: "shopify",
        platform_context: '{"storeCurrency":"USD"}',
      })
      .execute();
    await db
      .insertInto("ad_accounts")
      .values({
        id: "account",
        organization_id: "org-1",
        connection_id: "google",
        external_id: "1",
        name: "A",
        currency: "USD",
      })
      .execute();
    await db
      .insertInto("campaigns")
      .values({
        id: "campaign",
        organization_id: "org-1",
        ad_account_id: "account",
        external_id: "1",
        name: "Brand",
        status: "enabled",
        daily_budget_minor: 1_000,
        currency: "USD",
      })
      .execute();
    await db
      .insertInto("campaign_daily_metrics")
      .values(
        ["2026-03-01", "2026-03-02", "2026-03-05"].map((date, index) => ({
          campaign_id: "campaign",
          organization_id: "org-1",
          date,
          spend_minor: 1_000 * (index + 1),
          conversion_value_minor: 4_000,
          currency: "USD",
        })),
      )
      .execute();
    await db
      .insertInto("store_orders")
      .values({
        id: "order",
        organization_id: "org-1",
        connection_id: "shop",
        external_id: "1",
        name: "#1",
        ordered_at: "2026-03-02T10:00:00.000Z",
        currency: "USD",
        total_minor: 9_000,
        refunded_minor: 1_000,
        utm_source: "google",
      })
      .execute();

    await migrateToLatest(db);

    const dashboard = await getDashboardAnalytics(
      { analytics: createAnalyticsRepository(db) },
      { organizationId: "org-1", range: { from: "2026-03-02", to: "2026-03-05" }, reportingCurrency: "USD" },
    );
    expect(dashboard.totals[0]?.current).toMatchObject({ spendMinor: 5_000, revenueMinor: 8_000 });
    expect(dashboard.topCampaigns.map((row) => [row.id, row.current.spendMinor])).toEqual([["campaign", 5_000]]);
    expect(dashboard.blended[0]).toMatchObject({ storeRevenueMinor: 8_000, adSpendMinor: 5_000, orders: 1 });
    expect(dashboard.byPlatform[0]?.storeRevenueMinor).toBe(8_000);
  });
});
