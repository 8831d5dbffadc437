import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { migrateTo } from "#core/db/migrate.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

/** Migration 0022 on a database of the release before it: stored days keep their figures, actions and counts hang under them. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  await migrateTo(database.db, "0021-creative-assets");
});
afterAll(async () => {
  await database.close();
});

describe("migration 0022 (conversions)", () => {
  it("keeps the stored days, adds actions unique per account, per-action counts and choices that go with their account", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    await seedConnection(db, { organizationId: viewer.organizationId, platform: "google-ads", campaigns: [{}] });
    const campaign = await db.selectFrom("campaigns").select(["id", "ad_account_id"]).executeTakeFirstOrThrow();
    await db
      .insertInto("campaign_daily_metrics")
      .values({
        campaign_id: campaign.id,
        organization_id: viewer.organizationId,
        date: "2026-11-01",
        conversions: 2.5,
        conversion_value_minor: 10_000,
        currency: "USD",
      })
      .onConflict((conflict) => conflict.columns(["campaign_id", "date"]).doUpdateSet({ conversions: 2.5 }))
      .execute();
    expect((await migrateTo(db, "0022-conversions")).applied).toEqual(["0022-conversions"]);

    // Rows written before: their conversions are the platform's (no platform figure beside them).
    const day = await db
      .selectFrom("campaign_daily_metrics")
      .select(["conversions", "platform_conversions", "platform_conversion_value_minor"])
      .where("campaign_id", "=", campaign.id)
      .where("date", "=", "2026-11-01")
      .executeTakeFirstOrThrow();
    expect({ ...day, conversions: Number(day.conversions) }).toEqual({
      conversions: 2.5,
      platform_conversions: null,
      platform_conversion_value_minor: null,
    });

    const action = {
      organization_id: viewer.organizationId,
      ad_account_id: campaign.ad_account_id,
      platform: "google-ads",
      external_id: "987",
      name: "Add to cart",
      category: "add_to_cart",
      counted_by_platform: false,
      click_window_days: 30,
      view_window_days: 1,
    };
    await db
      .insertInto("conversion_actions")
      .values({ id: "x1", ...action })
      .execute();
    await expect(
      db
        .insertInto("conversion_actions")
        .values({ id: "x2", ...action })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("campaign_daily_conversions")
      .values({
        campaign_id: campaign.id,
        action_id: "x1",
        date: "2026-11-01",
        organization_id: viewer.organizationId,
        conversions: 7.25,
        conversion_value_minor: 5_000_000_000,
      })
      .execute();
    await db
      .insertInto("conversion_settings")
      .values({ action_id: "x1", organization_id: viewer.organizationId, counted: true, set_by: null })
      .execute();
    await db
      .insertInto("revenue_truth_overrides")
      .values({ organization_id: viewer.organizationId, platform: "google-ads", source: "store" })
      .execute();
    const count = await db.selectFrom("campaign_daily_conversions").selectAll().executeTakeFirstOrThrow();
    expect([Number(count.conversions), Number(count.conversion_value_minor)]).toEqual([7.25, 5_000_000_000]);

    // Gone with their ad account.
    await db.deleteFrom("campaigns").where("id", "=", campaign.id).execute();
    await db.deleteFrom("ad_accounts").where("id", "=", campaign.ad_account_id).execute();
    expect(await db.selectFrom("conversion_actions").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("conversion_settings").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("campaign_daily_conversions").selectAll().execute()).toEqual([]);
  });
});
