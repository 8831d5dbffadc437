/**
 * The revenue truth against the sandbox: Google Ads and a Shopify store whose orders carry UTM tags.
 * With the store as Google's truth, its campaigns' revenue is the store's attributed orders on
 * every surface that reads the campaign-days; back to platform-reported, the platform's figures
 * return exactly; store orders synced later follow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "#core/access/actor.ts";
import { createAnalyticsModule } from "#core/analytics/analytics-module.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createShopifySandbox } from "#simulator/platforms/shopify.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createConversionsModule } from "./conversions-module.ts";

let sandbox: SandboxServer;
let modules: ReturnType<typeof sandboxModules>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, shopify: createShopifySandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 4 }),
  });
  modules = sandboxModules(sandbox, { backfillDays: 14 });
});
afterAll(async () => {
  await sandbox.close();
});

async function connectAndSync(viewer: ConnectingViewer, platform: "google-ads" | "shopify", shop?: string) {
  const actor = actorOfViewer(viewer);
  const { authorizeUrl } = await modules.connections.startConnection(actor, {
    sessionId: viewer.sessionId,
    platform,
    ...(shop ? { storeAddress: shop } : {}),
  });
  const back = await sandbox.authorize(authorizeUrl);
  const { connectionId } = await modules.connections.completeConnection(actor, {
    sessionId: viewer.sessionId,
    platform,
    query: back.searchParams,
  });
  await resync(viewer, connectionId, "backfill");
  return connectionId;
}

async function resync(viewer: ConnectingViewer, connectionId: string, kind: "backfill" | "incremental") {
  const { outcome } = await modules.sync.syncConnection(systemActor(viewer.organizationId, SYNC_ACTOR), {
    connectionId,
    kind,
  });
  expect(outcome).toBe("succeeded");
}

async function campaignDays(organizationId: string) {
  const rows = await sandbox.db
    .selectFrom("campaign_daily_metrics")
    .select(["campaign_id", "date", "conversions", "conversion_value_minor", "platform_conversion_value_minor"])
    .where("organization_id", "=", organizationId)
    .orderBy("campaign_id")
    .orderBy("date")
    .execute();
  return rows.map((row) => ({
    key: `${row.campaign_id} ${row.date}`,
    conversions: Number(row.conversions),
    value: Number(row.conversion_value_minor),
    platformValue: row.platform_conversion_value_minor === null ? null : Number(row.platform_conversion_value_minor),
  }));
}

async function storeDays(organizationId: string) {
  const rows = await sandbox.db
    .selectFrom("campaign_daily_store_revenue")
    .select(["campaign_id", "date", "revenue_minor"])
    .where("organization_id", "=", organizationId)
    .execute();
  return new Map(rows.map((row) => [`${row.campaign_id} ${row.date}`, Number(row.revenue_minor)]));
}

describe("the revenue truth", () => {
  it("puts the store's attributed orders in place of Google's conversion value, and back", async () => {
    const viewer = await createViewer(sandbox.db);
    await connectAndSync(viewer, "google-ads");
    const shopConnection = await connectAndSync(viewer, "shopify", "truth-shop.myshopify.com");
    const owner = actorOfViewer(viewer);
    const clock = { now: async () => new Date() };
    const conversions = createConversionsModule({ db: sandbox.db, clock });
    const analytics = createAnalyticsModule({ db: sandbox.db, clock });
    const before = await campaignDays(viewer.organizationId);
    const range = { from: before[0]!.key.split(" ")[1]!, to: before.at(-1)!.key.split(" ")[1]! };
    const tableOf = async () =>
      (
        await analytics.getCampaignTable(owner, {
          range,
          filters: {},
          sort: { key: "name", direction: "asc" },
          page: 1,
          pageSize: 50,
        })
      ).rows.map((row) => [row.id, row.current.revenueMinor, row.current.conversions]);
    const tableBefore = await tableOf();

    const saved = await conversions.setRevenueTruth(owner, {
      defaultSource: "platform",
      overrides: { "google-ads": "store" },
    });
    expect(saved).toEqual({ defaultSource: "platform", overrides: { "google-ads": "store" } });
    const store = await storeDays(viewer.organizationId);
    expect([...store.values()].reduce((sum, value) => sum + value, 0)).toBeGreaterThan(0);
    const withStore = await campaignDays(viewer.organizationId);
    for (const day of withStore) expect(day.value, day.key).toBe(store.get(day.key) ?? 0);
    // Conversions stay the platform's; only revenue changed, and the table reads it.
    expect(withStore.map((day) => day.conversions)).toEqual(before.map((day) => day.conversions));
    const table = await tableOf();
    expect(table).not.toEqual(tableBefore);
    for (const [id, revenue] of table) {
      const expected = withStore.filter((day) => day.key.startsWith(`${id} `)).reduce((sum, day) => sum + day.value, 0);
      expect(revenue).toBe(expected);
    }
    const listed = await conversions.listConversionActions(owner);
    expect(listed.platforms.find((platform) => platform.platform === "google-ads")).toMatchObject({
      revenueTruth: "store",
      hasOverride: true,
    });
    expect(listed.hasStore).toBe(true);

    // Orders synced again follow (the sandbox's shop answers the same: the numbers stay).
    await resync(viewer, shopConnection, "incremental");
    expect(await campaignDays(viewer.organizationId)).toEqual(withStore);

    await conversions.setRevenueTruth(owner, { defaultSource: "platform", overrides: {} });
    const restored = await campaignDays(viewer.organizationId);
    expect(restored.map((day) => [day.key, day.value, day.conversions])).toEqual(
      before.map((day) => [day.key, day.value, day.conversions]),
    );
    expect(await tableOf()).toEqual(tableBefore);
  });
});
