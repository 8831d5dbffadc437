import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, userActor } from "#core/access/actor.ts";
import { type AnalyticsFixture, createAnalyticsFixture } from "#core/analytics/analytics-test-fixture.ts";
import { getScopeTotals } from "#core/analytics/get-scope-totals.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { type GetScopeTotals, getGoalProgress } from "./get-goal-progress.ts";
import { createGoalRepository, type GoalRepository, type GoalValues } from "./goal-repository.ts";

let fixture: AnalyticsFixture;
let goals: GoalRepository;
// The analytics slice's totals, as the goals module is given them.
let scopeTotals: GetScopeTotals;
beforeAll(async () => {
  fixture = await createAnalyticsFixture();
  goals = createGoalRepository(fixture.database.db);
  scopeTotals = (actor, range) =>
    getScopeTotals({ analytics: fixture.analytics }, { organizationId: actor.organizationId, range });
});

const ownerOf = (organizationId: string, userId: string): Actor =>
  userActor({ userId, name: "Ada", organizationId, role: "owner" });
afterAll(async () => {
  await fixture.close();
});

async function newOrganization(): Promise<{ organizationId: string; userId: string }> {
  const userId = randomUUID();
  await fixture.database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.com`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(fixture.database.db).createWithOwner({
    name: "Analytical Engines",
    ownerId: userId,
  });
  return { organizationId, userId };
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
    const { organizationId, userId } = await newOrganization();
    const owner = ownerOf(organizationId, userId);
    expect(await getGoalProgress({ goals, getScopeTotals: scopeTotals }, owner, { today: TODAY })).toEqual({
      period: { from: "2026-11-01", to: TODAY, daysElapsed: 21, daysInMonth: 30 },
      goals: [],
    });
  });

  it("measures each goal against this month in its own scope and currency", async () => {
    const { organizationId, userId } = await newOrganization();
    const someoneElse = await newOrganization();
    await fixture.seedAccount({
      organizationId,
      platform: "google-ads",
      campaigns: [
        {
          days: {
            "2026-10-31": { spendMinor: 50_000, conversions: 99, revenueMinor: 999_999 }, // last month
            "2026-11-05": { spendMinor: 100_000, conversions: 40, revenueMinor: 350_000 },
            "2026-11-22": { spendMinor: 70_000 }, // tomorrow
          },
        },
      ],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "tiktok-ads",
      campaigns: [{ days: { "2026-11-10": { spendMinor: 50_000, conversions: 10, revenueMinor: 100_000 } } }],
    });
    await fixture.seedAccount({
      organizationId,
      platform: "facebook-ads",
      currency: "EUR",
      campaigns: [{ days: { "2026-11-10": { spendMinor: 70_000, revenueMinor: 10_000 } } }],
    });
    await fixture.seedAccount({
      organizationId: someoneElse.organizationId,
      platform: "google-ads",
      campaigns: [{ days: { "2026-11-05": { spendMinor: 900_000 } } }],
    });
    await goals.replaceAll(
      organizationId,
      [
        goal({ scope: "organization", targetKind: "roas", targetRoas: 3, monthlyBudgetMinor: 300_000 }),
        goal({ scope: "google-ads", targetKind: "cpa", targetCpaMinor: 2_000, monthlyBudgetMinor: 100_000 }),
        goal({ scope: "facebook-ads", targetKind: "roas", targetRoas: 2 }),
      ],
      userId,
    );

    const owner = ownerOf(organizationId, userId);
    const progress = await getGoalProgress({ goals, getScopeTotals: scopeTotals }, owner, { today: TODAY });
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
