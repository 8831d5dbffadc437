import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseJobQueue } from "#adapters/jobs/database-job-queue.ts";
import { type Actor, apiKeyActor, userActor } from "#core/access/actor.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import { createCampaignsModule } from "#core/campaigns/campaigns-module.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { AppError } from "#core/errors/app-error.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import { silentLogger } from "#tests/support/integration-fixture.ts";
import { testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { DEFAULT_GUARDRAILS, DEFAULT_LAG, type RuleDefinition } from "./rule-definition.ts";
import { createRuleEngine } from "./rule-engine.ts";
import { createRulesBackground, createRulesModule, type RulesModuleDependencies } from "./rules-module.ts";

let world: CampaignSandbox;
let services: ServerServices;
let ada: ConnectedOrganization;
let bo: ConnectedOrganization;
let dependencies: RulesModuleDependencies;
let rules: ReturnType<typeof createRulesModule>;

const clock = { now: async () => new Date() };

beforeAll(async () => {
  world = await startCampaignSandbox();
  const database: DatabaseHandle = {
    db: world.sandbox.db,
    dialect: testDatabaseUrl() ? "postgres" : "sqlite",
    location: "sandbox test database",
    close: async () => {},
  };
  // The real notifications and webhooks slices, over the same database.
  services = createServices({ env: testEnv({ APP_URL: "http://app.test" }), database, logger: silentLogger });
  // Rules act through the campaigns slice with a background job's patient retry policy.
  const ruleCampaigns = createCampaignsModule({
    db: world.sandbox.db,
    openAdPlatform: world.openAdPlatformWith({ maxAttempts: 8, baseDelayMs: 5, maxDelayMs: 20 }),
    analytics: world.analytics,
  });
  dependencies = {
    db: world.sandbox.db,
    clock,
    jobs: createDatabaseJobQueue({ db: world.sandbox.db, logger: silentLogger }),
    engine: createRuleEngine({ db: world.sandbox.db, clock }),
    timeZoneOf: (organizationId) => organizationTimeZone(world.sandbox.db, organizationId),
    applyCampaignChanges: ruleCampaigns.applyCampaignChanges,
    setCampaignLabels: ruleCampaigns.setCampaignLabels,
    notify: (notification) => services.notifications.notify(notification),
    publishWebhookEvent: (event) => services.webhooks.publishWebhookEvent(event),
  };
  rules = createRulesModule(dependencies);
  [ada, bo] = await Promise.all([
    world.connectOrganization(["google-ads"], "Ada"),
    world.connectOrganization(["google-ads"], "Bo"),
  ]);
  for (const organization of [ada, bo]) {
    const rows = await world.sandbox.db
      .selectFrom("campaigns")
      .select(["id", "external_id as externalId"])
      .where("organization_id", "=", organization.organizationId)
      .where("status", "!=", "removed")
      .orderBy("id")
      .execute();
    liveCampaigns.set(organization.organizationId, rows);
  }
}, 60_000);

afterAll(async () => {
  await services.publicApi.stop();
  await world.close();
});

/** A rule that fires on the chosen campaigns whatever their numbers (clicks ≥ 0 today). */
function alwaysFires(campaignIds: string[], actions: RuleDefinition["actions"]): RuleDefinition {
  return {
    scope: { platforms: ["google-ads"], adAccountIds: [], campaigns: { kind: "list", campaignIds } },
    conditions: {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [
            { metric: "clicks", operator: ">=", comparand: { kind: "value", value: 0 }, window: { kind: "today" } },
          ],
        },
      ],
    },
    minimumData: [],
    lag: DEFAULT_LAG,
    schedule: { kind: "hourly" },
    actions,
    guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 24 },
  };
}

/** The organization's campaigns still running on the platform (the sandbox removed some long ago), by id. */
const liveCampaigns = new Map<string, Array<{ id: string; externalId: string }>>();
function googleCampaigns(organization: ConnectedOrganization) {
  return liveCampaigns.get(organization.organizationId)!;
}

async function platformStatus(organization: ConnectedOrganization, index: number) {
  const campaign = googleCampaigns(organization)[index]!;
  return (await world.platformCampaign(organization, "google-ads", campaign.externalId))?.status;
}

async function ruleChanges(ruleId: string) {
  return world.sandbox.db
    .selectFrom("change_log")
    .select(["campaign_id", "outcome", "source", "actor_label", "action", "id"])
    .where("actor_id", "=", ruleId)
    .execute();
}

describe("rules", () => {
  it("starts a rule from a template in preview, and refuses an impossible rule with the field named, saving nothing", async () => {
    const template = await rules.newRuleFromTemplate(ada.actor, "stop_loss");
    const created = await rules.createRule(ada.actor, template);
    expect(created).toMatchObject({ status: "preview", template: "stop_loss", name: template.name });
    expect(created.nextRunAt).not.toBeNull();

    const floorAboveCeiling = alwaysFires(
      [googleCampaigns(ada)[0]!.id],
      [{ kind: "change_budget", percent: 20, floorMinor: 9_000, ceilingMinor: 5_000 }],
    );
    const refused = await rules
      .createRule(ada.actor, { name: "Scale", definition: floorAboveCeiling })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details?.fieldErrors).toEqual({
      "definition.actions.0.floorMinor": "The floor is above the ceiling. Lower the floor or raise the ceiling.",
    });
    const unknownMetric = JSON.parse(JSON.stringify(floorAboveCeiling));
    unknownMetric.actions = [{ kind: "pause" }];
    unknownMetric.conditions.groups[0].conditions[0].metric = "happiness";
    const refusedMetric = await rules
      .createRule(ada.actor, { name: "Odd", definition: unknownMetric })
      .catch((error: unknown) => error as AppError);
    expect((refusedMetric as AppError).details?.fieldErrors).toEqual({
      "definition.conditions.groups.0.conditions.0.metric": "Choose a metric from the list.",
    });
    expect((await rules.listRules(ada.actor)).map((rule) => rule.id)).toEqual([created.id]);
  });

  it("previews per campaign with each condition's values, and a preview rule's Run now changes nothing", async () => {
    const target = googleCampaigns(ada)[1]!;
    const rule = await rules.createRule(ada.actor, {
      name: "Pause one",
      definition: alwaysFires([target.id], [{ kind: "pause" }]),
    });
    const preview = await rules.previewRule(ada.actor, { ruleId: rule.id });
    expect(preview.counts).toMatchObject({ inScope: 1, fired: 1, acted: 1 });
    expect(preview.campaigns[0]).toMatchObject({ campaignId: target.id, fired: true });
    expect(preview.campaigns[0]!.actions[0]).toMatchObject({ kind: "pause", outcome: "would_apply" });
    expect(JSON.stringify(preview.campaigns[0]!.trace)).toContain("clicks");

    const run = await rules.runRuleNow(ada.actor, { ruleId: rule.id });
    expect(run).toMatchObject({ mode: "preview", trigger: "run_now", status: "succeeded", actorLabel: "Ada" });
    expect(await platformStatus(ada, 1)).toBe("enabled");
    expect(await ruleChanges(rule.id)).toEqual([]);
  });

  it("acts once activated: pauses on the platform as the rule, notifies, and undo from the change log enables it again", async () => {
    const target = googleCampaigns(ada)[2]!;
    const rule = await rules.createRule(ada.actor, {
      name: "Stop the bleeding",
      definition: alwaysFires([target.id], [{ kind: "pause" }, { kind: "notify", channels: ["in_app"] }]),
    });
    await rules.setRuleStatus(ada.actor, { ruleId: rule.id, status: "active" });
    const run = await rules.runRuleNow(ada.actor, { ruleId: rule.id });
    expect(run).toMatchObject({ mode: "live", status: "succeeded", counts: { fired: 1, acted: 1, failed: 0 } });
    expect(await platformStatus(ada, 2)).toBe("paused");

    const [change] = await ruleChanges(rule.id);
    expect(change).toMatchObject({
      campaign_id: target.id,
      outcome: "succeeded",
      source: "rule",
      action: "pause",
      actor_label: "Rule “Stop the bleeding”",
    });
    expect(run.campaigns[0]!.actions[0]).toMatchObject({ kind: "pause", outcome: "succeeded", changeId: change!.id });

    const inbox = await services.notifications.listNotifications(ada.actor, {});
    expect(inbox.items[0]).toMatchObject({
      kind: "rule",
      title: "Stop the bleeding acted on 1 campaign",
      link: `/rules/${rule.id}/runs/${run.id}`,
    });

    await world.campaigns.undoCampaignChange(ada.actor, { changeId: change!.id });
    expect(await platformStatus(ada, 2)).toBe("enabled");

    // Within its cooldown the rule holds back, and says so.
    const again = await rules.runRuleNow(ada.actor, { ruleId: rule.id });
    expect(again.campaigns[0]).toMatchObject({ fired: true, outcome: "skipped", heldBack: { reason: "cooldown" } });
    expect(await platformStatus(ada, 2)).toBe("enabled");
  });

  it("runs a scheduled slot once, even with two nodes ticking and the job run twice", async () => {
    const target = googleCampaigns(ada)[0]!;
    const rule = await rules.createRule(ada.actor, {
      name: "Every quarter hour",
      definition: alwaysFires([target.id], [{ kind: "pause" }]),
    });
    await rules.setRuleStatus(ada.actor, { ruleId: rule.id, status: "active" });
    // The slot is due now.
    await world.sandbox.db
      .updateTable("rules")
      .set({ next_run_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", rule.id)
      .execute();
    const queued: string[] = [];
    const node = () =>
      createRulesBackground({
        ...dependencies,
        jobs: {
          ...dependencies.jobs,
          enqueue: async (_queue, payload) => {
            queued.push(String(payload.runId));
            return true;
          },
        },
      });
    const [first, second] = [node(), node()];
    await Promise.all([first.queueDueRules(), second.queueDueRules()]);
    expect(queued).toHaveLength(1);
    // The queue runs the job; a crash makes it run again: it finds the run done, or resumes it.
    await Promise.all([first.workRuleRun(queued[0]!), second.workRuleRun(queued[0]!)]);
    await first.workRuleRun(queued[0]!);

    const changes = await ruleChanges(rule.id);
    expect(changes.filter((change) => change.outcome === "succeeded")).toHaveLength(1);
    expect(await platformStatus(ada, 0)).toBe("paused");
    const runs = await rules.listRuleRuns(ada.actor, { ruleId: rule.id });
    expect(runs.runs.map((run) => run.trigger)).toEqual(["schedule"]);
    expect(runs.runs[0]!.status).toBe("succeeded");
  });

  it("applies every action once with 20% platform faults, retrying the failures", async () => {
    const state = createSandboxStateRepository(world.sandbox.db);
    await state.addFault({ kind: "server_error", platform: "google-ads", probability: 0.2 });
    try {
      const live = googleCampaigns(bo);
      const ids = live.map((campaign) => campaign.id);
      const rule = await rules.createRule(bo.actor, {
        name: "Budget trim",
        definition: alwaysFires(ids, [{ kind: "change_budget", percent: -10, floorMinor: null, ceilingMinor: null }]),
      });
      await rules.setRuleStatus(bo.actor, { ruleId: rule.id, status: "active" });
      const run = await rules.runRuleNow(bo.actor, { ruleId: rule.id });
      expect(run.counts).toMatchObject({ fired: ids.length, acted: ids.length, failed: 0 });
      const changes = await ruleChanges(rule.id);
      expect(changes).toHaveLength(ids.length);
      expect(new Set(changes.map((change) => change.campaign_id)).size).toBe(ids.length);
      // The sandbox saw one budget change per campaign: none was sent twice.
      const pushed = await world.sandbox.db
        .selectFrom("sandbox_campaign_changes")
        .select(["campaign_id"])
        .where("daily_budget_minor", "is not", null)
        .where(
          "campaign_id",
          "in",
          live.map((campaign) => campaign.externalId),
        )
        .execute();
      expect(pushed).toHaveLength(ids.length);
    } finally {
      await state.clearFaults();
    }
  });

  it("keeps the traces of the latest quiet run only, and every trace of a run where something fired", async () => {
    const never = alwaysFires([googleCampaigns(ada)[0]!.id], [{ kind: "pause" }]);
    never.conditions.groups[0]!.conditions[0]!.operator = "<";
    const rule = await rules.createRule(ada.actor, { name: "Never fires", definition: never });
    const first = await rules.runRuleNow(ada.actor, { ruleId: rule.id });
    expect(first.campaigns).toHaveLength(1);
    const second = await rules.runRuleNow(ada.actor, { ruleId: rule.id });
    expect((await rules.getRuleRun(ada.actor, second.id)).campaigns).toHaveLength(1);
    const pruned = await rules.getRuleRun(ada.actor, first.id);
    expect(pruned).toMatchObject({ tracesPruned: true, counts: { inScope: 1, fired: 0 }, campaigns: [] });
  });

  it("keeps each organization's rules and runs to itself, and lets only those allowed manage them", async () => {
    const [adaRule] = await rules.listRules(ada.actor);
    expect(await rules.listRules(bo.actor)).not.toContainEqual(expect.objectContaining({ id: adaRule!.id }));
    for (const attempt of [
      () => rules.getRule(bo.actor, adaRule!.id),
      () => rules.runRuleNow(bo.actor, { ruleId: adaRule!.id }),
      () => rules.deleteRule(bo.actor, adaRule!.id),
      () => rules.listRuleRuns(bo.actor, { ruleId: adaRule!.id }),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "not_found" });

    const analyst: Actor = userActor({
      userId: "m1",
      name: "Max",
      organizationId: ada.organizationId,
      role: "analyst",
    });
    await expect(rules.deleteRule(analyst, adaRule!.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(rules.runRuleNow(analyst, { ruleId: adaRule!.id })).rejects.toMatchObject({ code: "forbidden" });
    const readOnlyKey = apiKeyActor({
      apiKeyId: "k1",
      keyName: "Dashboards",
      organizationId: ada.organizationId,
      scope: "read",
      creatorRole: "owner",
    });
    await expect(rules.runRuleNow(readOnlyKey, { ruleId: adaRule!.id })).rejects.toMatchObject({ code: "forbidden" });
    expect((await rules.getRule(ada.actor, adaRule!.id)).id).toBe(adaRule!.id);
  });

  it("lets an analyst draft and edit rules in preview, but not activate, delete or edit one that acts", async () => {
    const analyst = userActor({ userId: "a1", name: "Ana", organizationId: ada.organizationId, role: "analyst" });
    const draft = await rules.createRule(analyst, {
      name: "Analyst's idea",
      definition: alwaysFires([googleCampaigns(ada)[0]!.id], [{ kind: "pause" }]),
    });
    expect(draft.status).toBe("preview");
    const renamed = await rules.updateRule(analyst, {
      ruleId: draft.id,
      name: "Analyst's idea, v2",
      definition: draft.definition,
    });
    expect(renamed.name).toBe("Analyst's idea, v2");
    await expect(rules.setRuleStatus(analyst, { ruleId: draft.id, status: "active" })).rejects.toMatchObject({
      code: "forbidden",
    });

    await rules.setRuleStatus(ada.actor, { ruleId: draft.id, status: "active" });
    await expect(
      rules.updateRule(analyst, { ruleId: draft.id, name: "Sneaky", definition: draft.definition }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect((await rules.getRule(ada.actor, draft.id)).name).toBe("Analyst's idea, v2");
    await rules.deleteRule(ada.actor, draft.id);
  });

  it("lets nothing act while the organization has paused all automation", async () => {
    const before = await platformStatus(bo, 0);
    const rule = await rules.createRule(bo.actor, {
      name: "Paused org",
      definition: alwaysFires([googleCampaigns(bo)[0]!.id], [{ kind: "pause" }]),
    });
    await rules.setRuleStatus(bo.actor, { ruleId: rule.id, status: "active" });
    expect(await rules.setAutomationPaused(bo.actor, true)).toEqual({ paused: true, pausedByLabel: "Bo" });
    await expect(rules.runRuleNow(bo.actor, { ruleId: rule.id })).rejects.toMatchObject({ code: "conflict" });
    await world.sandbox.db
      .updateTable("rules")
      .set({ next_run_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", rule.id)
      .execute();
    expect(await createRulesBackground(dependencies).queueDueRules()).toBe(0);
    expect((await rules.listRuleRuns(bo.actor, { ruleId: rule.id })).runs).toEqual([]);
    expect(await platformStatus(bo, 0)).toBe(before);
    expect(await ruleChanges(rule.id)).toEqual([]);
    await rules.setAutomationPaused(bo.actor, false);
  });
});
