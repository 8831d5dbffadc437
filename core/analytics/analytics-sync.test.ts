import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeConnection } from "#core/connections/complete-connection.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { disconnectConnection } from "#core/connections/disconnect-connection.ts";
import { startConnection } from "#core/connections/start-connection.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { syncConnection } from "#core/sync/sync-connection.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createShopifySandbox } from "#simulator/platforms/shopify.ts";
import { createViewer, integrationDependencies } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { type AnalyticsRepository, createAnalyticsRepository } from "./analytics-repository.ts";
import type { DateRange, MetricSums } from "./analytics-types.ts";
import { getDashboardAnalytics } from "./get-dashboard-analytics.ts";

let sandbox: SandboxServer;
let deps: ReturnType<typeof integrationDependencies>;
let analytics: AnalyticsRepository;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, shopify: createShopifySandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 6 }),
  });
  // 45 days: two chunks of 30, fetched newest first (and concurrently).
  deps = integrationDependencies(sandbox, { backfillDays: 45 });
  analytics = createAnalyticsRepository(sandbox.db);
});
afterAll(async () => {
  await sandbox.close();
});

async function connect(viewer: ConnectingViewer, platform: "google-ads" | "shopify", shop?: string) {
  const { authorizeUrl } = await startConnection(deps.integrations, { viewer, platform, storeAddress: shop });
  const back = await sandbox.authorize(authorizeUrl);
  return (await completeConnection(deps.integrations, { viewer, platform, query: back.searchParams })).connectionId;
}

async function sync(viewer: ConnectingViewer, connectionId: string, kind: "backfill" | "incremental") {
  const { outcome } = await syncConnection(deps.sync, { organizationId: viewer.organizationId, connectionId, kind });
  expect(outcome).toBe("succeeded");
}

/** Plain sums straight from the synced rows: what the rollups must agree with. */
async function plainSums(organizationId: string, range: DateRange): Promise<Map<string, MetricSums>> {
  const rows = await sandbox.db
    .selectFrom("campaign_daily_metrics")
    .where("organization_id", "=", organizationId)
    .where("date", ">=", range.from)
    .where("date", "<=", range.to)
    .groupBy("campaign_id")
    .select((eb) => [
      "campaign_id",
      eb.fn.sum<number>("spend_minor").as("spend"),
      eb.fn.sum<number>("clicks").as("clicks"),
      eb.fn.sum<number>("conversion_value_minor").as("revenue"),
      eb.fn.sum<number>("conversions").as("conversions"),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.campaign_id,
      {
        impressions: 0,
        clicks: Number(row.clicks),
        spendMinor: Number(row.spend),
        conversions: Number(row.conversions),
        revenueMinor: Number(row.revenue),
      },
    ]),
  );
}

async function expectRollupsToMatch(organizationId: string, today: string) {
  const campaignIds = (
    await sandbox.db.selectFrom("campaigns").select("id").where("organization_id", "=", organizationId).execute()
  ).map((row) => row.id);
  expect(campaignIds.length).toBe(6);
  for (const range of [
    { from: addDays(today, -6), to: today },
    { from: addDays(today, -29), to: today },
    { from: addDays(today, -60), to: addDays(today, -25) },
    { from: addDays(today, -44), to: addDays(today, -44) },
    { from: addDays(today, -10), to: addDays(today, -3) },
  ]) {
    const [rolled, plain] = await Promise.all([
      analytics.sumByCampaign(organizationId, campaignIds, range),
      plainSums(organizationId, range),
    ]);
    for (const id of campaignIds) {
      const expected = plain.get(id);
      const actual = rolled.get(id);
      expect(actual?.spendMinor ?? 0, `${id} ${range.from}..${range.to}`).toBe(expected?.spendMinor ?? 0);
      expect(actual?.clicks ?? 0).toBe(expected?.clicks ?? 0);
      expect(actual?.revenueMinor ?? 0).toBe(expected?.revenueMinor ?? 0);
      expect(actual?.conversions ?? 0).toBeCloseTo(expected?.conversions ?? 0, 5);
    }
    const [platform] = await analytics.sumByPlatform(organizationId, range);
    const total = [...plain.values()].reduce((sum, sums) => sum + sums.spendMinor, 0);
    expect(platform?.spendMinor ?? 0).toBe(total);
  }
}

describe("the rollups under real syncs", () => {
  it("stay right through a backfill, a re-sync that rewrites past days, and a deleted connection", async () => {
    const viewer = await createViewer(sandbox.db);
    const google = await connect(viewer, "google-ads");
    await sync(viewer, google, "backfill");
    const [backfill] = await deps.sync.syncs.listRuns(viewer.organizationId, google, 1);
    const today = backfill?.windowTo as string;
    await expectRollupsToMatch(viewer.organizationId, today);

    // Days pass; the next sync fetches them and the last week again, whose conversions changed.
    const later = await sandbox.advanceClock(3);
    await sync(viewer, google, "incremental");
    await expectRollupsToMatch(viewer.organizationId, later);

    const shop = await connect(viewer, "shopify", "rollup-shop.myshopify.com");
    await sync(viewer, shop, "backfill");
    const range = { from: addDays(later, -29), to: later };
    const orders = await sandbox.db
      .selectFrom("store_orders")
      .where("organization_id", "=", viewer.organizationId)
      .where("ordered_at", ">=", range.from)
      .where("ordered_at", "<", addDays(range.to, 1))
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("total_minor").as("total")])
      .select((eb) => eb.fn.sum<number>("refunded_minor").as("refunded"))
      .executeTakeFirstOrThrow();
    const withStore = await getDashboardAnalytics(
      { analytics },
      {
        organizationId: viewer.organizationId,
        range,
        reportingCurrency: "USD",
      },
    );
    expect(Number(orders.count)).toBeGreaterThan(0);
    expect(withStore.blended.reduce((sum, blend) => sum + blend.orders, 0)).toBe(Number(orders.count));
    expect(withStore.blended.reduce((sum, blend) => sum + blend.storeRevenueMinor, 0)).toBe(
      Number(orders.total) - Number(orders.refunded),
    );

    // Deleting the ad platform's data takes its rollups with it.
    const accountIds = (
      await sandbox.db.selectFrom("ad_accounts").select("id").where("connection_id", "=", google).execute()
    ).map((row) => row.id);
    expect(accountIds.length).toBe(1);
    await disconnectConnection(deps.integrations, {
      organizationId: viewer.organizationId,
      connectionId: google,
      deleteData: true,
    });
    const leftovers = await Promise.all([
      sandbox.db
        .selectFrom("campaign_metric_cumulative")
        .where("ad_account_id", "in", accountIds)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
      sandbox.db
        .selectFrom("ad_account_daily_metrics")
        .where("organization_id", "=", viewer.organizationId)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    expect(leftovers.map((row) => Number(row.count))).toEqual([0, 0]);
    const dashboard = await getDashboardAnalytics(
      { analytics },
      {
        organizationId: viewer.organizationId,
        range,
        reportingCurrency: "USD",
      },
    );
    expect(dashboard).toMatchObject({ hasAdPlatform: false, byPlatform: [], topCampaigns: [] });
    expect(dashboard.blended[0]?.adSpendMinor).toBe(0);
  });
});
