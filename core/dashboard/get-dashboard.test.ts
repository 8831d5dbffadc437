import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import { createAnalyticsModule } from "#core/analytics/analytics-module.ts";
import { type AnalyticsFixture, createAnalyticsFixture } from "#core/analytics/analytics-test-fixture.ts";
import { createGoalsModule } from "#core/goals/goals-module.ts";
import { createOnboardingModule } from "#core/onboarding/onboarding-module.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createDashboardModule, type DashboardModule } from "./dashboard-module.ts";

// 2026-11-21 at 12:00 UTC: the last 30 days run from 2026-10-23 to 2026-11-21.
const NOW = new Date("2026-11-21T12:00:00Z");

let fixture: AnalyticsFixture;
let dashboards: DashboardModule;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  const { db } = fixture.database;
  // The modules as server/services.ts wires them, on a clock that stands still.
  const clock = { now: async () => NOW };
  const analytics = createAnalyticsModule({ db, clock });
  const goals = createGoalsModule({
    db,
    listIntegrations: async () => [],
    getScopeTotals: (actor, range) => analytics.getScopeTotals(actor, { range }),
  });
  const onboarding = createOnboardingModule({ db });
  dashboards = createDashboardModule({
    db,
    clock,
    getDashboardAnalytics: analytics.getDashboardAnalytics,
    getGoalProgress: goals.getGoalProgress,
    getOnboardingProgress: onboarding.getOnboardingProgress,
  });
});
afterAll(async () => {
  await fixture.close();
});

async function newViewer(): Promise<Actor> {
  const userId = randomUUID();
  await fixture.database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(fixture.database.db).createWithOwner({
    name: "Analytical Engines",
    ownerId: userId,
  });
  return userActor({ userId, name: "Ada", organizationId, role: "owner" });
}

const dashboardOf = (viewer: Actor, { timeZone = "UTC", currency = "USD", search = "" } = {}) =>
  dashboards.getDashboard(viewer, { timeZone, currency, rangeParams: new URLSearchParams(search) });

describe("dashboard", () => {
  it("is zero in the viewer's currency before anything is connected", async () => {
    const viewer = await newViewer();
    const dashboard = await dashboardOf(viewer, { currency: "EUR" });
    expect(dashboard).toMatchObject({
      today: "2026-11-21",
      range: { preset: "last_30_days", from: "2026-10-23", to: "2026-11-21" },
      previousRange: { from: "2026-09-23", to: "2026-10-22" },
      campaigns: 0,
      platforms: 0,
      analytics: { hasAdPlatform: false, hasStore: false, totals: [{ currency: "EUR", current: { spendMinor: 0 } }] },
      goals: { goals: [], period: { from: "2026-11-01", to: "2026-11-21", daysElapsed: 21, daysInMonth: 30 } },
      onboarding: { completed: 1, total: 6 },
    });
  });

  it("counts managed campaigns and connected platforms, and totals spend over the range", async () => {
    const viewer = await newViewer();
    const { organizationId } = viewer;
    await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [
        // The day before the window, both ends of it, and a day after "today" (not yet spent).
        {
          days: {
            "2026-10-22": { spendMinor: 99_999 },
            "2026-10-23": { spendMinor: 1_000 },
            "2026-11-21": { spendMinor: 2_500 },
            "2026-11-22": { spendMinor: 7_777 },
          },
        },
        { status: "paused", days: { "2026-11-01": { spendMinor: 500 } } },
        { status: "removed", days: { "2026-11-02": { spendMinor: 250 } } },
      ],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [{ days: { "2026-11-10": { spendMinor: 1_250 } } }],
    });
    await fixture.seedStore({ organizationId, orders: [] });
    // Left out: a disconnected connection and an unmanaged account.
    await fixture.seedAccount({
      organizationId,
      platform: "linkedin-ads",
      connectionStatus: "disconnected",
      campaigns: [{ days: { "2026-11-20": { spendMinor: 9_000 } } }],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "microsoft-ads",
      isManaged: false,
      campaigns: [{ days: { "2026-11-20": { spendMinor: 8_000 } } }],
    });

    const dashboard = await dashboardOf(viewer);
    // Enabled and paused campaigns are managed; removed ones are not. Two Google Ads accounts are one platform.
    expect(dashboard).toMatchObject({ campaigns: 3, platforms: 3 });
    expect(dashboard.analytics.hasAdPlatform).toBe(true);
    expect(dashboard.analytics.totals[0]).toMatchObject({
      currency: "USD",
      current: { spendMinor: 1_000 + 2_500 + 500 + 250 + 1_250 },
      previous: { spendMinor: 99_999 },
    });

    const lastWeek = await dashboardOf(viewer, { search: "range=last_7_days" });
    expect(lastWeek.range).toEqual({ preset: "last_7_days", from: "2026-11-15", to: "2026-11-21" });
    expect(lastWeek.analytics.totals[0]?.current.spendMinor).toBe(2_500);

    const custom = await dashboardOf(viewer, { search: "from=2026-10-01&to=2026-10-31" });
    expect(custom.range).toEqual({ preset: "custom", from: "2026-10-01", to: "2026-10-31" });
    expect(custom.analytics.totals[0]?.current.spendMinor).toBe(99_999 + 1_000);

    // A hand-edited link that makes no sense opens the default range.
    const reversed = await dashboardOf(viewer, { search: "from=2026-11-30&to=2026-11-01" });
    expect(reversed.range.preset).toBe("last_30_days");
  });

  it("lists each currency on its own, the viewer's first", async () => {
    const viewer = await newViewer();
    for (const [platform, currency, spend] of [
      ["facebook-ads", "EUR", 4_200],
      ["google-ads", "USD", 1_300],
      ["tiktok-ads", "JPY", 15_000],
    ] as const)
      await fixture.seedAccount({
        organizationId: viewer.organizationId,
        platform,
        currency,
        campaigns: [{ days: { "2026-11-20": { spendMinor: spend } } }],
      });
    const totals = (await dashboardOf(viewer, { currency: "JPY" })).analytics.totals;
    expect(totals.map((total) => [total.currency, total.current.spendMinor])).toEqual([
      ["JPY", 15_000],
      ["EUR", 4_200],
      ["USD", 1_300],
    ]);
  });

  it("ends the range on today's date in the viewer's time zone", async () => {
    const viewer = await newViewer();
    await fixture.seedAccount({
      organizationId: viewer.organizationId,
      platform: "google-ads",
      campaigns: [{ days: { "2026-11-22": { spendMinor: 1_100 }, "2026-10-23": { spendMinor: 2_200 } } }],
    });
    // At 12:00 UTC it is already 2026-11-22 in Auckland: the window moves one day on.
    const dashboard = await dashboardOf(viewer, { timeZone: "Pacific/Auckland" });
    expect(dashboard.today).toBe("2026-11-22");
    expect(dashboard.range).toMatchObject({ from: "2026-10-24", to: "2026-11-22" });
    expect(dashboard.analytics.totals[0]?.current.spendMinor).toBe(1_100);
  });

  it("never shows another organization's data", async () => {
    const mine = await newViewer();
    const theirs = await newViewer();
    await fixture.seedAccount({
      organizationId: theirs.organizationId,
      platform: "google-ads",
      campaigns: [{ days: { "2026-11-20": { spendMinor: 5_000 } } }],
    });
    await fixture.database.db
      .insertInto("goals")
      .values({ id: randomUUID(), organization_id: theirs.organizationId, scope: "organization", currency: "USD" })
      .execute();
    const dashboard = await dashboardOf(mine);
    expect(dashboard).toMatchObject({ campaigns: 0, platforms: 0, goals: { goals: [] }, onboarding: { completed: 1 } });
    expect(dashboard.analytics).toMatchObject({ hasAdPlatform: false, byPlatform: [], topCampaigns: [] });
    expect((await dashboardOf(theirs)).campaigns).toBe(1);
  });
});
