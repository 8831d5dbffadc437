import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { newTeam } from "#core/budgets/budgets-test-kit.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createOptimizerSchedule, OPTIMIZER_QUEUE } from "./optimizer-background.ts";

let database: DatabaseHandle;
let services: ServerServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ env: testEnv(), database, logger: silentLogger });
});
afterAll(async () => {
  await services?.publicApi.stop();
  await database.close();
});

/** The schedule at a moment of our choosing, in UTC organizations. */
function scheduleAt(moment: { value: Date }) {
  return createOptimizerSchedule({
    db: database.db,
    jobs: createDatabaseJobQueue({ db: database.db, logger: silentLogger }),
    clock: { now: async () => moment.value },
    timeZoneOf: async () => "UTC",
    listOrganizationsWithDailyRun: () => services.budgetsBackground.listOrganizationsWithDailyRun(),
  });
}

async function dailyJobsOf(organizationId: string): Promise<string[]> {
  const rows = await database.db.selectFrom("jobs").select("payload").where("queue", "=", OPTIMIZER_QUEUE).execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { organizationId: string; work: string })
    .filter((payload) => payload.organizationId === organizationId && payload.work === "daily")
    .map((payload) => payload.work);
}

const settings = (overrides: Record<string, unknown>) => ({
  objective: "conversions",
  revenueSource: "platform",
  mode: "maximize",
  pacingCurve: "even",
  maxDailyChange: 0.3,
  explorationShare: 0.05,
  rebalanceDaily: false,
  autoApply: false,
  maxAutoChangesPerDay: 10,
  ...overrides,
});

describe("the optimizer's schedule", () => {
  it("queues one daily run from 06:00 local time for a plan that auto-applies or rebalances, and none for the others", async () => {
    const autoApply = await newTeam(database.db);
    const rebalance = await newTeam(database.db);
    const manual = await newTeam(database.db);
    await services.budgets.saveBudgetPlanSettings(autoApply.owner, settings({ autoApply: true }));
    await services.budgets.saveBudgetPlanSettings(rebalance.owner, settings({ rebalanceDaily: true }));
    await services.budgets.saveBudgetPlanSettings(manual.owner, settings({}));

    const moment = { value: new Date("2026-11-26T05:59:00Z") };
    const schedule = scheduleAt(moment);
    await schedule.queueDueOptimizerWork();
    expect(await dailyJobsOf(autoApply.organizationId)).toEqual([]);

    moment.value = new Date("2026-11-26T06:00:00Z");
    await schedule.queueDueOptimizerWork();
    expect(await dailyJobsOf(autoApply.organizationId)).toEqual(["daily"]);
    expect(await dailyJobsOf(rebalance.organizationId)).toEqual(["daily"]);
    expect(await dailyJobsOf(manual.organizationId)).toEqual([]);

    // Every later tick of the same day queues nothing more.
    moment.value = new Date("2026-11-26T18:00:00Z");
    await schedule.queueDueOptimizerWork();
    expect(await dailyJobsOf(autoApply.organizationId)).toEqual(["daily"]);
  });
});
