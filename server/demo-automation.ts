/**
 * The demo's automation, set up once its first syncs are in: goals from its own numbers, a
 * stop-loss rule in preview and an active anomaly watch, each run once so the rules page has run
 * history, and a monitoring run that finds the spend spike the seed planted in the sandbox. It is a
 * job, so it waits for the backfill across restarts and never holds up a shutdown.
 */
import { type Actor, systemActor, userActor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import { MONITORING_ACTOR } from "#core/monitoring/run-monitoring.ts";
import { type JobQueue, RetryLaterError } from "#core/ports/job-queue.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import { sandboxDatabaseOf } from "./sandbox-host.ts";
import type { ServerServices } from "./services.ts";

export const DEMO_AUTOMATION_QUEUE = "demo.automation";
const WAIT_FOR_SYNC_MS = 5_000;
/** About an hour of five-second waits: a slow machine's backfill. */
const ATTEMPTS = 720;

export interface DemoOwner {
  userId: string;
  name: string;
  organizationId: string;
}

/** Plants a spend spike on yesterday for one of the demo's Google Ads campaigns, before its backfill. */
export async function plantDemoAnomaly(services: ServerServices, organizationId: string): Promise<void> {
  const kit = services.sandbox?.kit;
  if (!kit) return;
  const [account] = kit.engine.listAccounts(organizationId, "google-ads");
  if (!account) return;
  const campaigns = await kit.engine.listCampaigns(organizationId, "google-ads", account.id);
  const running = campaigns.find((campaign) => campaign.status === "enabled");
  if (!running) return;
  const yesterday = addDays(await kit.engine.today(), -1);
  await createSandboxStateRepository(sandboxDatabaseOf(services.database.db)).addAnomaly({
    tenant: organizationId,
    platform: "google-ads",
    campaignExternalId: running.id,
    kind: "spend_spike",
    factor: 3,
    fromDate: yesterday,
    toDate: yesterday,
  });
}

export async function queueDemoAutomation(jobs: JobQueue, owner: DemoOwner): Promise<void> {
  await jobs.enqueue(
    DEMO_AUTOMATION_QUEUE,
    { userId: owner.userId, name: owner.name, organizationId: owner.organizationId },
    { singletonKey: `demo-automation:${owner.organizationId}`, maxAttempts: ATTEMPTS },
  );
}

export function registerDemoAutomationJobs(services: ServerServices): void {
  services.jobs.work(DEMO_AUTOMATION_QUEUE, async (payload) => {
    const owner = {
      userId: String(payload.userId),
      name: String(payload.name),
      organizationId: String(payload.organizationId),
    };
    if (!(await demoSynced(services, owner.organizationId))) throw new RetryLaterError(WAIT_FOR_SYNC_MS);
    await setUpDemoAutomation(services, owner);
  });
}

/** Every demo connection has finished a sync. */
async function demoSynced(services: ServerServices, organizationId: string): Promise<boolean> {
  const { db } = services.database;
  const connections = await db
    .selectFrom("connections")
    .select("id")
    .where("organization_id", "=", organizationId)
    .execute();
  if (connections.length === 0) return false;
  const synced = await db
    .selectFrom("sync_runs")
    .select("connection_id")
    .distinct()
    .where("organization_id", "=", organizationId)
    .where("status", "=", "succeeded")
    .execute();
  return connections.every((connection) => synced.some((run) => run.connection_id === connection.id));
}

async function setUpDemoAutomation(services: ServerServices, owner: DemoOwner): Promise<void> {
  const actor: Actor = userActor({ ...owner, role: "owner" });
  if ((await services.rules.listRules(actor)).length > 0) return;
  await setDemoGoals(services, actor);

  const stopLoss = await services.rules.newRuleFromTemplate(actor, "stop_loss");
  const stopLossRule = await services.rules.createRule(actor, stopLoss);
  await services.rules.runRuleNow(actor, { ruleId: stopLossRule.id });

  const watch = await services.rules.newRuleFromTemplate(actor, "watch");
  const watchRule = await services.rules.createRule(actor, {
    ...watch,
    name: "Anomaly watch: CPA and ROAS off target",
  });
  await services.rules.setRuleStatus(actor, { ruleId: watchRule.id, status: "active" });
  await services.rules.runRuleNow(actor, { ruleId: watchRule.id });

  await services.monitoring.runMonitoring(systemActor(owner.organizationId, MONITORING_ACTOR));
  // The optimizer's first recommendations, as if Dana had asked for them: nothing changes until applied.
  await services.optimizer.recommendBudgets(actor, { trigger: "page" });
}

/** A target CPA a little under the demo's median campaign CPA of the last 30 days, and a budget from its spend. */
async function setDemoGoals(services: ServerServices, actor: Actor): Promise<void> {
  const { db } = services.database;
  const goals = await services.goals.getGoals(actor);
  if (goals.goals.length > 0) return;
  const today = calendarDateIn("UTC", new Date());
  // The goals are in USD: only the USD campaigns' numbers count (the demo also advertises in GBP).
  const rows = await db
    .selectFrom("campaign_daily_metrics as m")
    .innerJoin("campaigns as c", "c.id", "m.campaign_id")
    .select((eb) => [
      "m.campaign_id",
      eb.fn.sum<number>("m.spend_minor").as("spend"),
      eb.fn.sum<number>("m.conversions").as("conversions"),
    ])
    .where("m.organization_id", "=", actor.organizationId)
    .where("c.currency", "=", "USD")
    .where("m.date", ">=", addDays(today, -30))
    .where("m.date", "<", today)
    .groupBy("m.campaign_id")
    .execute();
  const cpas = rows
    .filter((row) => Number(row.conversions) >= 5)
    .map((row) => Number(row.spend) / Number(row.conversions))
    .sort((a, b) => a - b);
  const median = cpas[Math.floor(cpas.length / 2)];
  const targetCpa = median ? Math.max(1, Math.round((median * 0.85) / 100)) : 40;
  // What the USD campaigns actually spent over the last 30 days: the platforms deliver a little
  // under their budgets, so a budget from the budgets themselves would read as under-pacing.
  const spent = rows.reduce((sum, row) => sum + Number(row.spend), 0);
  const monthlyBudget = Math.max(1_000, Math.round(spent / 100 / 500) * 500);
  await services.goals.setGoals(actor, {
    currency: "USD",
    form: {
      currency: "USD",
      goals: [
        {
          scope: "organization",
          targetKind: "cpa",
          targetCpa: String(targetCpa),
          monthlyBudget: String(monthlyBudget),
        },
      ],
    },
  });
}
