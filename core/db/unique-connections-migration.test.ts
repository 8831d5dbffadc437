import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DatabaseHandle } from "./database.ts";
import { migrateTo, migrateToLatest } from "./migrate.ts";

/**
 * Migration 0011 on a database that two racing OAuth callbacks left with duplicate connections
 * (security issue finding 14): it merges them into one per organization and platform, keeping what
 * only a duplicate had, then enforces it with a unique index.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  await migrateTo(database.db, "0010-campaign-list-versions");
});
afterAll(async () => {
  await database.close();
});

async function seedDuplicates() {
  const { db } = database;
  await db
    .insertInto("user")
    .values({ id: "user-1", name: "Ada", email: "ada@example.test", emailVerified: true })
    .execute();
  for (const id of ["org-1", "org-2"]) await db.insertInto("organization").values({ id, name: id, slug: id }).execute();
  await db
    .insertInto("connections")
    .values([
      // Google Ads three times: the newest was disconnected, so the newest still connected is kept.
      // SQLite's own CURRENT_TIMESTAMP format (no zone) for one of them.
      {
        id: "g-old",
        organization_id: "org-1",
        platform: "google-ads",
        status: "active",
        created_at: "2026-01-01 09:00:00",
      },
      {
        id: "g-kept",
        organization_id: "org-1",
        platform: "google-ads",
        status: "error",
        created_at: "2026-02-01T09:00:00.000Z",
      },
      {
        id: "g-newest-disconnected",
        organization_id: "org-1",
        platform: "google-ads",
        status: "disconnected",
        created_at: "2026-03-01T09:00:00.000Z",
      },
      // Shopify twice: the newest is kept.
      {
        id: "s-old",
        organization_id: "org-1",
        platform: "shopify",
        status: "active",
        created_at: "2026-01-01T09:00:00.000Z",
      },
      {
        id: "s-new",
        organization_id: "org-1",
        platform: "shopify",
        status: "active",
        created_at: "2026-01-02T09:00:00.000Z",
      },
      // Another organization's connection to the same platform is no duplicate.
      {
        id: "g-other-org",
        organization_id: "org-2",
        platform: "google-ads",
        status: "active",
        created_at: "2026-01-01T09:00:00.000Z",
      },
    ])
    .execute();
  const account = (id: string, connection_id: string, external_id: string) => ({
    id,
    organization_id: "org-1",
    connection_id,
    external_id,
    name: id,
    currency: "USD",
    time_zone: "UTC",
    is_managed: true,
  });
  await db
    .insertInto("ad_accounts")
    .values([
      account("a-old-shared", "g-old", "111"),
      account("a-old-only", "g-old", "222"),
      account("a-kept-shared", "g-kept", "111"),
      account("a-newest-shared", "g-newest-disconnected", "111"),
    ])
    .execute();
  const campaign = (id: string, ad_account_id: string, external_id: string) => ({
    id,
    organization_id: "org-1",
    ad_account_id,
    external_id,
    name: id,
    status: "enabled" as const,
    currency: "USD",
  });
  await db
    .insertInto("campaigns")
    .values([
      campaign("c-old-shared", "a-old-shared", "1"),
      campaign("c-old-only", "a-old-only", "2"),
      campaign("c-kept-shared", "a-kept-shared", "1"),
    ])
    .execute();
  await db
    .insertInto("campaign_daily_metrics")
    .values({
      campaign_id: "c-old-only",
      organization_id: "org-1",
      date: "2026-01-05",
      spend_minor: 700,
      currency: "USD",
    })
    .execute();
  await db
    .insertInto("change_log")
    .values(
      (["c-old-shared", "c-old-only"] as const).map((campaignId) => ({
        id: `log-${campaignId}`,
        organization_id: "org-1",
        campaign_id: campaignId,
        campaign_name: campaignId,
        platform: "google-ads",
        actor_type: "user" as const,
        actor_label: "Ada",
        source: "app" as const,
        action: "pause" as const,
        before_json: "{}",
        after_json: "{}",
        outcome: "succeeded" as const,
      })),
    )
    .execute();
  await db
    .insertInto("sync_runs")
    .values(
      (["succeeded", "running"] as const).map((status) => ({
        id: `run-${status}`,
        organization_id: "org-1",
        connection_id: "g-old",
        kind: "backfill" as const,
        status,
        window_from: "2026-01-01",
        window_to: "2026-01-05",
        started_at: "2026-01-05T00:00:00.000Z",
      })),
    )
    .execute();
  const order = (id: string, connection_id: string, external_id: string, total_minor: number) => ({
    id,
    organization_id: "org-1",
    connection_id,
    external_id,
    name: `#${external_id}`,
    ordered_at: "2026-01-03T10:00:00.000Z",
    currency: "USD",
    total_minor,
    utm_source: "google",
  });
  await db
    .insertInto("store_orders")
    .values([
      order("o-old-only", "s-old", "1", 1_000),
      order("o-old-shared", "s-old", "2", 2_000),
      order("o-new-shared", "s-new", "2", 2_000),
      order("o-new-only", "s-new", "3", 3_000),
    ])
    .execute();
  await db
    .insertInto("store_order_daily_revenue")
    .values(
      [
        ["s-old", 3_000],
        ["s-new", 5_000],
      ].map(([connection_id, revenue_minor]) => ({
        organization_id: "org-1",
        date: "2026-01-03",
        connection_id: String(connection_id),
        currency: "USD",
        utm_source: "google",
        revenue_minor: Number(revenue_minor),
        orders: 2,
      })),
    )
    .execute();
}

describe("migration 0011-unique-connections-and-leases", () => {
  it("merges duplicate connections into one per organization and platform, then refuses new duplicates", async () => {
    const { db } = database;
    await seedDuplicates();

    expect((await migrateToLatest(db)).applied[0]).toBe("0011-unique-connections-and-leases");

    const connections = await db
      .selectFrom("connections")
      .select(["id", "organization_id", "platform"])
      .orderBy("id")
      .execute();
    expect(connections.map((row) => row.id)).toEqual(["g-kept", "g-other-org", "s-new"]);

    // The account only the duplicate had moved over, with its campaign and metrics; the copies went.
    const accounts = await db.selectFrom("ad_accounts").select(["id", "connection_id"]).orderBy("id").execute();
    expect(accounts).toEqual([
      { id: "a-kept-shared", connection_id: "g-kept" },
      { id: "a-old-only", connection_id: "g-kept" },
    ]);
    const campaigns = await db.selectFrom("campaigns").select("id").orderBy("id").execute();
    expect(campaigns.map((row) => row.id)).toEqual(["c-kept-shared", "c-old-only"]);
    const metrics = await db.selectFrom("campaign_daily_metrics").select(["campaign_id", "spend_minor"]).execute();
    expect(metrics.map((row) => [row.campaign_id, Number(row.spend_minor)])).toEqual([["c-old-only", 700]]);

    // The change history follows the kept twin of a campaign.
    const log = await db.selectFrom("change_log").select(["id", "campaign_id"]).orderBy("id").execute();
    expect(log).toEqual([
      { id: "log-c-old-only", campaign_id: "c-old-only" },
      { id: "log-c-old-shared", campaign_id: "c-kept-shared" },
    ]);

    // Finished sync history moves; a run of the duplicate that was still running goes.
    const runs = await db.selectFrom("sync_runs").select(["id", "connection_id"]).execute();
    expect(runs).toEqual([{ id: "run-succeeded", connection_id: "g-kept" }]);

    // Orders only the duplicate store had moved over, and the store's revenue rollup counts them.
    const orders = await db.selectFrom("store_orders").select(["id", "connection_id"]).orderBy("id").execute();
    expect(orders).toEqual([
      { id: "o-new-only", connection_id: "s-new" },
      { id: "o-new-shared", connection_id: "s-new" },
      { id: "o-old-only", connection_id: "s-new" },
    ]);
    const revenue = await db.selectFrom("store_order_daily_revenue").selectAll().execute();
    expect(revenue.map((row) => [row.connection_id, Number(row.revenue_minor), Number(row.orders)])).toEqual([
      ["s-new", 6_000, 3],
    ]);

    await expect(
      db
        .insertInto("connections")
        .values({ id: "g-again", organization_id: "org-1", platform: "google-ads" })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await db
      .insertInto("connections")
      .values({ id: "tiktok", organization_id: "org-1", platform: "tiktok-ads" })
      .execute();
  });

  it("gives idempotency keys a lease owner and expiry", async () => {
    await database.db
      .insertInto("api_idempotency_keys")
      .values({
        organization_id: "org-1",
        key: "k",
        method: "POST",
        path: "/api/v1/campaigns",
        request_hash: "h",
        status: "pending",
        response_status: null,
        response_body: null,
        expires_at: "2026-01-02T00:00:00.000Z",
        lease_token: "token",
        lease_expires_at: "2026-01-01T00:02:00.000Z",
      })
      .execute();
    const row = await database.db.selectFrom("api_idempotency_keys").select(["lease_token"]).executeTakeFirstOrThrow();
    expect(row.lease_token).toBe("token");
  });
});
