import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedConnection } from "../../tests/support/ad-data.ts";
import { createTestDatabase } from "../../tests/support/test-database.ts";
import { type AnalyticsRepository, createAnalyticsRepository } from "../analytics/analytics-repository.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createOrganizationRepository } from "../organizations/organization-repository.ts";
import { getGoalProgress } from "./get-goal-progress.ts";
import { createGoalRepository, type GoalRepository, type GoalValues } from "./goal-repository.ts";

let database: DatabaseHandle;
let goals: GoalRepository;
let analytics: AnalyticsRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  goals = createGoalRepository(database.db);
  analytics = createAnalyticsRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newOrganization(): Promise<{ organizationId: string; userId: string }> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Analytical Engines",
    ownerId: userId,
  });
  return { organizationId, userId };
}

interface Day {
  spend: number;
  conversions?: number;
  revenue?: number;
}

/** One campaign on `platform` with these days, written as a sync would (rollups included). */
async function seedCampaign(organizationId: string, platform: string, currency: string, days: Record<string, Day>) {
  await seedConnection(database.db, {
    organizationId,
    platform,
    account: { currency },
    campaigns: [{ spend: Object.fromEntries(Object.entries(days).map(([date, day]) => [date, day.spend])) }],
  });
  const rows = await database.db
    .selectFrom("campaign_daily_metrics")
    .innerJoin("campaigns", "campaigns.id", "campaign_daily_metrics.campaign_id")
    .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
    .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
    .where("campaign_daily_metrics.organization_id", "=", organizationId)
    .where("connections.platform", "=", platform)
    .select(["campaign_daily_metrics.campaign_id as campaignId", "campaign_daily_metrics.date as date"])
    .execute();
  for (const row of rows) {
    const day = days[row.date];
    await database.db
      .updateTable("campaign_daily_metrics")
      .set({ conversions: day?.conversions ?? 0, conversion_value_minor: day?.revenue ?? 0 })
      .where("campaign_id", "=", row.campaignId)
      .where("date", "=", row.date)
      .execute();
  }
  await analytics.refreshRollups({ organizationId, rows });
}

const goal = (values: Partial<GoalValues> & Pick<GoalValues, "scope">): GoalValues => ({
  targetKind: null,
  targetRoas: null,
  targetCpaMinor: null,
  monthlyBudgetMinor: null,
  currency: "USD",
  ...values,
});

// 2026-11-21: day 21 of a 30-day month.
const TODAY = "2026-11-21";

describe("goal progress", () => {
  it("has nothing to report without goals", async () => {
    const { organizationId } = await newOrganization();
    expect(await getGoalProgress({ goals, analytics }, { organizationId, today: TODAY })).toEqual({
      period: { from: "2026-11-01", to: TODAY, daysElapsed: 21, daysInMonth: 30 },
      goals: [],
    });
  });

  it("measures each goal against this month in its own scope and currency", async () => {
    const { organizationId, userId } = await newOrganization();
    const someoneElse = await newOrganization();
    await seedCampaign(organizationId, "google-ads", "USD", {
      "2026-10-31": { spend: 50_000, conversions: 99, revenue: 999_999 }, // last month
      "2026-11-05": { spend: 100_000, conversions: 40, revenue: 350_000 },
      "2026-11-22": { spend: 70_000 }, // tomorrow
    });
    await seedCampaign(organizationId, "tiktok-ads", "USD", {
      "2026-11-10": { spend: 50_000, conversions: 10, revenue: 100_000 },
    });
    await seedCampaign(organizationId, "facebook-ads", "EUR", { "2026-11-10": { spend: 70_000, revenue: 10_000 } });
    await seedCampaign(someoneElse.organizationId, "google-ads", "USD", { "2026-11-05": { spend: 900_000 } });
    await goals.replaceAll(
      organizationId,
      [
        goal({ scope: "organization", targetKind: "roas", targetRoas: 3, monthlyBudgetMinor: 300_000 }),
        goal({ scope: "google-ads", targetKind: "cpa", targetCpaMinor: 2_000, monthlyBudgetMinor: 100_000 }),
        goal({ scope: "facebook-ads", targetKind: "roas", targetRoas: 2 }),
      ],
      userId,
    );

    const progress = await getGoalProgress({ goals, analytics }, { organizationId, today: TODAY });
    const [organization, google, meta] = progress.goals;

    // USD only: $1,500 spent, $4,500 earned; the euros are named, never added.
    expect(organization?.actual).toMatchObject({ spendMinor: 150_000, revenueMinor: 450_000, conversions: 50 });
    expect(organization?.target).toEqual({ kind: "roas", target: 3, actual: 3, isMet: true });
    expect(organization?.budget).toMatchObject({
      budgetMinor: 300_000,
      spentFraction: 0.5,
      elapsedFraction: 0.7,
      expectedMinor: 210_000,
      projectedMinor: 214_286,
      pace: "underspending",
    });
    expect(organization?.uncountedCurrencies).toEqual(["EUR"]);

    // $1,000 for 40 conversions is a $25 CPA against a $20 target; the whole budget by day 21.
    expect(google?.target).toEqual({ kind: "cpa", targetMinor: 2_000, actualMinor: 2_500, isMet: false });
    expect(google?.budget).toMatchObject({ spentMinor: 100_000, remainingMinor: 0, pace: "overspending" });
    expect(google?.uncountedCurrencies).toEqual([]);

    // Meta spent only in euros: nothing in the goal's dollars to judge yet.
    expect(meta?.actual.spendMinor).toBe(0);
    expect(meta?.target).toEqual({ kind: "roas", target: 2, actual: null, isMet: null });
    expect(meta?.budget).toBeNull();
    expect(meta?.uncountedCurrencies).toEqual(["EUR"]);
  });
});
