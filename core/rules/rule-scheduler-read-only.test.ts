import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createRuleScheduler } from "./rule-scheduler.ts";
import { ruleTemplate } from "./rule-templates.ts";
import { createRulesRepository } from "./rules-repository.ts";

/** Billing's read-only state stops automation, as the Terms say: a due slot passes without a run. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function dueRule(): Promise<{ organizationId: string; ruleId: string }> {
  const userId = randomUUID();
  await database.db
    .insertInto("user")
    .values({ id: userId, name: "Ada", email: `${userId}@example.test`, emailVerified: true })
    .execute();
  const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
    name: "Engines",
    ownerId: userId,
  });
  const template = ruleTemplate("stop_loss");
  const ruleId = await createRulesRepository(database.db).insert({
    organizationId,
    name: template.name,
    status: "active",
    template: "stop_loss",
    definition: template.definition,
    createdBy: userId,
    byLabel: "Ada",
    nextRunAt: new Date(Date.now() - 60_000),
  });
  return { organizationId, ruleId };
}

describe("the rules' scheduler", () => {
  it("passes a read-only organization's due slots without a run, and runs them again once it is not", async () => {
    const { organizationId, ruleId } = await dueRule();
    const jobs = createDatabaseJobQueue({ db: database.db, logger: silentLogger });
    const runsOf = () => database.db.selectFrom("rule_runs").select("id").where("rule_id", "=", ruleId).execute();
    let readOnly = true;
    const scheduler = createRuleScheduler({
      rules: createRulesRepository(database.db),
      jobs,
      timeZoneOf: async () => "UTC",
      isReadOnly: async (id) => id === organizationId && readOnly,
    });
    expect(await scheduler.queueDueRules()).toBe(0);
    expect(await runsOf()).toEqual([]);

    readOnly = false;
    await database.db
      .updateTable("rules")
      .set({ next_run_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", ruleId)
      .execute();
    expect(await scheduler.queueDueRules()).toBe(1);
    expect(await runsOf()).toHaveLength(1);
  });
});
