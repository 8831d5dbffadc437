import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedConnection } from "../../tests/support/ad-data.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createOrganizationRepository, type OrganizationRepository } from "../organizations/organization-repository.ts";
import { createDashboardRepository, type DashboardRepository } from "./dashboard-repository.ts";
import { getDashboardSummary } from "./get-dashboard-summary.ts";

let database: DatabaseHandle;
let organizations: OrganizationRepository;
let dashboard: DashboardRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  organizations = createOrganizationRepository(database.db);
  dashboard = createDashboardRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newOrganization(): Promise<string> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await organizations.createWithOwner({ name: "Analytical Engines", ownerId: userId });
  return organizationId;
}

// 2026-11-21 at 12:00 UTC: the last 30 days run from 2026-10-23 to 2026-11-21.
const NOW = new Date("2026-11-21T12:00:00Z");
const summaryOf = (organizationId: string, timeZone = "UTC", currency = "USD") =>
  getDashboardSummary({ dashboard }, { organizationId, timeZone, currency, now: NOW });

describe("dashboard summary", () => {
  it("is zero in the viewer's currency before anything is connected", async () => {
    const organizationId = await newOrganization();
    expect(await summaryOf(organizationId, "UTC", "EUR")).toEqual({
      campaigns: 0,
      platforms: 0,
      totalSpend: [{ currency: "EUR", amountMinor: 0 }],
      period: { from: "2026-10-23", to: "2026-11-21" },
    });
  });

  it("counts managed campaigns, connected platforms and the last 30 days of spend", async () => {
    const organizationId = await newOrganization();
    await seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      campaigns: [
        // The day before the window, both ends of it, and a day after "today" (not yet spent).
        { spend: { "2026-10-22": 99_999, "2026-10-23": 1_000, "2026-11-21": 2_500, "2026-11-22": 7_777 } },
        { status: "paused", spend: { "2026-11-01": 500 } },
        { status: "removed", spend: { "2026-11-02": 250 } },
      ],
    });
    await seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-11-10": 1_250 } }],
    });
    await seedConnection(database.db, { organizationId, platform: "shopify" });

    expect(await summaryOf(organizationId)).toMatchObject({
      // Enabled and paused campaigns are managed; removed ones are not. Its spend still happened.
      campaigns: 3,
      // Two Google Ads logins are one platform.
      platforms: 2,
      totalSpend: [{ currency: "USD", amountMinor: 1_000 + 2_500 + 500 + 250 + 1_250 }],
    });
  });

  it("lists each currency on its own, the viewer's first", async () => {
    const organizationId = await newOrganization();
    await seedConnection(database.db, {
      organizationId,
      platform: "meta-ads",
      account: { currency: "EUR" },
      campaigns: [{ spend: { "2026-11-20": 4_200 } }],
    });
    await seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      account: { currency: "USD" },
      campaigns: [{ spend: { "2026-11-20": 1_000 } }, { spend: { "2026-11-19": 300 } }],
    });
    await seedConnection(database.db, {
      organizationId,
      platform: "tiktok-ads",
      account: { currency: "JPY" },
      campaigns: [{ spend: { "2026-11-18": 15_000 } }],
    });
    expect((await summaryOf(organizationId, "UTC", "JPY")).totalSpend).toEqual([
      { currency: "JPY", amountMinor: 15_000 },
      { currency: "EUR", amountMinor: 4_200 },
      { currency: "USD", amountMinor: 1_300 },
    ]);
  });

  it("leaves out disconnected connections and ad accounts the team does not manage", async () => {
    const organizationId = await newOrganization();
    await seedConnection(database.db, {
      organizationId,
      platform: "linkedin-ads",
      status: "disconnected",
      campaigns: [{ spend: { "2026-11-20": 9_000 } }],
    });
    await seedConnection(database.db, {
      organizationId,
      platform: "microsoft-ads",
      account: { isManaged: false },
      campaigns: [{ spend: { "2026-11-20": 8_000 } }],
    });
    // A connection in error still counts: it is connected, its sync needs attention.
    await seedConnection(database.db, {
      organizationId,
      platform: "meta-ads",
      status: "error",
      campaigns: [{ spend: { "2026-11-20": 700 } }],
    });
    expect(await summaryOf(organizationId)).toMatchObject({
      campaigns: 1,
      platforms: 2,
      totalSpend: [{ currency: "USD", amountMinor: 700 }],
    });
  });

  it("ends the window on today's date in the viewer's time zone", async () => {
    const organizationId = await newOrganization();
    await seedConnection(database.db, {
      organizationId,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-11-22": 1_100, "2026-10-23": 2_200 } }],
    });
    // At 12:00 UTC it is already 2026-11-22 in Auckland: the window moves one day on.
    expect(await summaryOf(organizationId, "Pacific/Auckland")).toMatchObject({
      totalSpend: [{ currency: "USD", amountMinor: 1_100 }],
      period: { from: "2026-10-24", to: "2026-11-22" },
    });
  });

  it("never counts another organization's data", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    await seedConnection(database.db, {
      organizationId: theirs,
      platform: "google-ads",
      campaigns: [{ spend: { "2026-11-20": 5_000 } }],
    });
    expect(await summaryOf(mine)).toMatchObject({ campaigns: 0, platforms: 0, totalSpend: [{ amountMinor: 0 }] });
    expect(await summaryOf(theirs)).toMatchObject({ campaigns: 1, platforms: 1 });
  });
});
