import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { seedConnection } from "#tests/support/ad-data.ts";
import { createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createSyncRepository } from "./sync-repository.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const FIRST_DAY = "2025-01-01";

function metricsOf(campaignIds: string[], days: number, spendMinor: (day: number) => number) {
  const rows = [];
  for (let day = 0; day < days; day++)
    for (const campaignId of campaignIds)
      rows.push({
        campaignId,
        campaignExternalId: "x",
        date: addDays(FIRST_DAY, day),
        impressions: 100,
        clicks: 5,
        spendMinor: spendMinor(day),
        conversions: 0.5,
        conversionValueMinor: 900,
        currency: "USD",
      });
  return rows;
}

describe("upserting daily metrics", () => {
  it("stores a page larger than one statement, and a repeated page replaces its numbers without duplicates", async () => {
    const { db } = database;
    const viewer = await createViewer(db);
    await seedConnection(db, {
      organizationId: viewer.organizationId,
      platform: "google-ads",
      campaigns: Array.from({ length: 12 }, () => ({})),
    });
    const campaignIds = (
      await db.selectFrom("campaigns").select("id").where("organization_id", "=", viewer.organizationId).execute()
    ).map((row) => row.id);
    const syncs = createSyncRepository(db);
    // 12 campaigns × 100 days: 1,200 rows, several statements' worth.
    expect(
      await syncs.upsertDailyMetrics(
        viewer.organizationId,
        metricsOf(campaignIds, 100, () => 1_000),
      ),
    ).toBe(1_200);
    expect(
      await syncs.upsertDailyMetrics(
        viewer.organizationId,
        metricsOf(campaignIds, 100, (day) => day),
      ),
    ).toBe(1_200);

    const stored = await db
      .selectFrom("campaign_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("spend_minor").as("spend")])
      .executeTakeFirstOrThrow();
    // The second page's numbers: 12 × (0 + 1 + … + 99).
    expect({ rows: Number(stored.rows), spend: Number(stored.spend) }).toEqual({ rows: 1_200, spend: 12 * 4_950 });
    // The dashboard's rollups agree with the rows.
    const rolled = await db
      .selectFrom("ad_account_daily_metrics")
      .where("organization_id", "=", viewer.organizationId)
      .select((eb) => eb.fn.sum<number>("spend_minor").as("spend"))
      .executeTakeFirstOrThrow();
    expect(Number(rolled.spend)).toBe(12 * 4_950);
  });
});
