/**
 * Store revenue against the sandbox: its shop takes orders from the campaigns of all five ad
 * platforms (and organic ones), while this organization connects Google Ads only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeConnection } from "#core/connections/complete-connection.ts";
import type { ConnectingViewer } from "#core/connections/connection-parts.ts";
import { startConnection } from "#core/connections/start-connection.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { syncConnection } from "#core/sync/sync-connection.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createShopifySandbox } from "#simulator/platforms/shopify.ts";
import { createViewer, integrationDependencies } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createCampaignStoreRevenueDays } from "./analytics-module.ts";
import { createAnalyticsRepository } from "./analytics-repository.ts";
import { getDashboardAnalytics } from "./get-dashboard-analytics.ts";

let sandbox: SandboxServer;
let deps: ReturnType<typeof integrationDependencies>;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { "google-ads": createGoogleAdsSandbox, shopify: createShopifySandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 4 }),
  });
  deps = integrationDependencies(sandbox, { backfillDays: 30 });
});
afterAll(async () => {
  await sandbox.close();
});

async function connectAndSync(viewer: ConnectingViewer, platform: "google-ads" | "shopify", shop?: string) {
  const { authorizeUrl } = await startConnection(deps.integrations, { viewer, platform, storeAddress: shop });
  const back = await sandbox.authorize(authorizeUrl);
  const { connectionId } = await completeConnection(deps.integrations, {
    viewer,
    platform,
    query: back.searchParams,
  });
  const { outcome } = await syncConnection(deps.sync, {
    organizationId: viewer.organizationId,
    connectionId,
    kind: "backfill",
  });
  expect(outcome).toBe("succeeded");
  return connectionId;
}

describe("store revenue from the sandbox's shop", () => {
  it("goes to the connected platform's campaigns by UTM tags; other platforms' orders stay unattributed", async () => {
    const viewer = await createViewer(sandbox.db);
    await connectAndSync(viewer, "google-ads");
    await connectAndSync(viewer, "shopify", "revenue-shop.myshopify.com");
    const { db } = sandbox;
    const campaigns = await db
      .selectFrom("campaigns")
      .select(["id", "name", "currency"])
      .where("organization_id", "=", viewer.organizationId)
      .execute();
    const orders = await db
      .selectFrom("store_orders")
      .select(["ordered_at", "currency", "utm_source", "utm_campaign", "total_minor", "refunded_minor"])
      .where("organization_id", "=", viewer.organizationId)
      .orderBy("ordered_at")
      .execute();
    const sources = new Set(orders.map((order) => order.utm_source));
    // The shop sells through platforms this organization never connected.
    expect([...sources].filter((source) => source !== null && source !== "google").length).toBeGreaterThan(0);
    const net = (order: (typeof orders)[number]) => Number(order.total_minor) - Number(order.refunded_minor);

    // Per campaign: every Google order tagged with a campaign in its currency, and nothing else.
    expect(orders.length).toBeGreaterThan(0);
    const first = String(orders[0]?.ordered_at).slice(0, 10);
    const last = String(orders.at(-1)?.ordered_at).slice(0, 10);
    const days = await createCampaignStoreRevenueDays({ db })(
      viewer.organizationId,
      addDays(first, -2),
      addDays(last, 2),
    );
    const campaignOf = new Map(
      campaigns.map((campaign) => [`${campaign.name.toLowerCase()} ${campaign.currency}`, campaign.id]),
    );
    const expected = new Map<string, number>();
    for (const order of orders) {
      const id =
        order.utm_source === "google" && campaignOf.get(`${order.utm_campaign?.toLowerCase()} ${order.currency}`);
      if (id) expected.set(id, (expected.get(id) ?? 0) + net(order));
    }
    expect(expected.size).toBeGreaterThan(0);
    const perCampaign = new Map<string, number>();
    for (const day of days) perCampaign.set(day.campaignId, (perCampaign.get(day.campaignId) ?? 0) + day.revenueMinor);
    expect(perCampaign).toEqual(expected);

    // Blended ROAS: Google's orders over Google's spend; the rest is shown as unattributed.
    const range = { from: addDays(last, -29), to: last };
    const dashboard = await getDashboardAnalytics(
      { analytics: createAnalyticsRepository(db) },
      { organizationId: viewer.organizationId, range, reportingCurrency: "USD" },
    );
    const inRange = orders.filter((order) => order.ordered_at >= range.from && order.ordered_at < addDays(range.to, 1));
    const storeCurrency = inRange[0]?.currency as string;
    const blended = dashboard.blended.find((entry) => entry.currency === storeCurrency);
    const google = inRange.filter((order) => order.utm_source === "google").reduce((sum, order) => sum + net(order), 0);
    const all = inRange.reduce((sum, order) => sum + net(order), 0);
    const googleAdvertisesIn = new Set(campaigns.map((campaign) => campaign.currency));
    const attributed = googleAdvertisesIn.has(storeCurrency) ? google : 0;
    expect(blended).toMatchObject({
      storeRevenueMinor: all,
      attributedRevenueMinor: attributed,
      unattributedRevenueMinor: all - attributed,
    });
    expect(blended?.roas).toBeCloseTo(attributed / (blended?.adSpendMinor ?? 1), 10);
    expect(all - attributed).toBeGreaterThan(0);
  });
});
