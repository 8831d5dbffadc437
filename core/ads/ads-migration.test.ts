import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#core/db/database.ts";
import { migrateTo, migrateToLatest } from "#core/db/migrate.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

/** Migration 0020 on a database of the release before it: campaigns stay, and ads hang under them. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  await migrateTo(database.db, "0019-assistant");
});
afterAll(async () => {
  await database.close();
});

describe("migration 0020 (ads)", () => {
  it("adds ad groups, ads and ad-day metrics under the existing campaigns, unique per account, gone with their campaign", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    await seedConnection(db, { organizationId: viewer.organizationId, platform: "google-ads", campaigns: [{}] });
    expect((await migrateTo(db, "0020-ads")).applied).toEqual(["0020-ads"]);

    const campaign = await db.selectFrom("campaigns").select(["id", "ad_account_id"]).executeTakeFirstOrThrow();
    const owned = {
      organization_id: viewer.organizationId,
      ad_account_id: campaign.ad_account_id,
      campaign_id: campaign.id,
    };
    await db
      .insertInto("ad_groups")
      .values({ id: "g1", ...owned, external_id: "111", name: "Brand", status: "enabled" })
      .execute();
    await expect(
      db
        .insertInto("ad_groups")
        .values({ id: "g2", ...owned, external_id: "111", name: "Again", status: "enabled" })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("ads")
      .values({
        id: "a1",
        ...owned,
        ad_group_id: "g1",
        external_id: "222",
        name: "Spring",
        status: "paused",
        creative_id: "c1",
        creative_external_id: "333",
        kind: "video",
        headline: null,
        body: null,
        landing_url: "https://shop.example/?utm_source=google",
        url_suffix: null,
        media_url: null,
        thumbnail_url: null,
      })
      .execute();
    await db
      .insertInto("ad_daily_metrics")
      .values({
        ad_id: "a1",
        organization_id: viewer.organizationId,
        campaign_id: campaign.id,
        date: "2026-11-01",
        impressions: 5_000_000_000,
        reach: null,
        clicks: 12,
        spend_minor: 12_345,
        conversions: 1.5,
        conversion_value_minor: 99_000,
        video_views: 800,
        currency: "USD",
      })
      .execute();
    const stored = await db.selectFrom("ad_daily_metrics").selectAll().executeTakeFirstOrThrow();
    expect({
      ...stored,
      impressions: Number(stored.impressions),
      conversions: Number(stored.conversions),
    }).toMatchObject({
      impressions: 5_000_000_000,
      reach: null,
      conversions: 1.5,
    });
    expect(Boolean((await db.selectFrom("ads").select("has_utm").executeTakeFirstOrThrow()).has_utm)).toBe(false);

    await db.deleteFrom("campaigns").where("id", "=", campaign.id).execute();
    expect(await db.selectFrom("ad_groups").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("ads").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("ad_daily_metrics").selectAll().execute()).toEqual([]);
    await migrateToLatest(db);
  });
});
