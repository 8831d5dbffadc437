import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { toIsoTimestamp } from "#core/campaigns/iso-timestamp.ts";
import type { Database, RuleTable } from "#core/db/schema.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { RuleDefinition, RuleStatus } from "./rule-definition.ts";
import type {
  Rule,
  RuleActionResult,
  RuleHeldBack,
  RuleRunCampaign,
  RuleRunCounts,
  RuleRunMode,
  RuleRunStatus,
  RuleRunSummary,
  RuleRunTrigger,
  RuleTemplateId,
} from "./rule-types.ts";

/**
 * The rules slice's SQL: rules, their runs and each campaign's evaluation in a run, and the
 * organization's "pause all automation" switch. Every query of a person's or key's request is
 * scoped by the organization; the scheduler's `listDue` and `claimSlot` work across organizations
 * (Adhelm's own work), and each run then acts for its rule's organization only.
 */
export interface NewRule {
  organizationId: string;
  name: string;
  status: RuleStatus;
  template: RuleTemplateId | null;
  definition: RuleDefinition;
  createdBy: string | null;
  byLabel: string;
  nextRunAt: Date | null;
}

export interface DueRule {
  id: string;
  organizationId: string;
  name: string;
  status: RuleStatus;
  definition: RuleDefinition;
  nextRunAt: string;
}

export interface NewRunCampaign {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  fired: boolean;
  outcome: RuleRunCampaign["outcome"];
  trace: unknown;
  actions: RuleActionResult[];
  heldBack: RuleHeldBack | null;
}

/** One action a rule took on a campaign before: what the guardrails count. */
export interface PastRuleAction {
  campaignId: string;
  at: string;
  actions: RuleActionResult[];
}

/** How long a rule's runs are kept. */
export const RUN_RETENTION_DAYS = 90;

const EMPTY_COUNTS: RuleRunCounts = { inScope: 0, fired: 0, acted: 0, failed: 0, skipped: 0 };

export function createRulesRepository(db: Kysely<Database>) {
  const selectRules = (organizationId: string) =>
    db.selectFrom("rules").selectAll().where("organization_id", "=", organizationId);

  async function lastRuns(organizationId: string, ruleIds: string[]): Promise<Map<string, RuleRunSummary>> {
    const found = new Map<string, RuleRunSummary>();
    if (ruleIds.length === 0) return found;
    // The newest run of each rule: one indexed lookup per rule (a team has tens of rules, not thousands).
    await Promise.all(
      ruleIds.map(async (ruleId) => {
        const row = await db
          .selectFrom("rule_runs")
          .selectAll()
          .where("organization_id", "=", organizationId)
          .where("rule_id", "=", ruleId)
          .orderBy("started_at", "desc")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        if (row) found.set(ruleId, toRunSummary(row));
      }),
    );
    return found;
  }

  function toRule(row: Selectable<RuleTable>, lastRun: RuleRunSummary | null): Rule {
    return {
      id: row.id,
      name: row.name,
      status: row.status as RuleStatus,
      template: (row.template as RuleTemplateId | null) ?? null,
      definition: JSON.parse(row.definition_json) as RuleDefinition,
      nextRunAt: row.next_run_at ? toIsoTimestamp(row.next_run_at) : null,
      lastRun,
      createdAt: toIsoTimestamp(row.created_at),
      updatedAt: toIsoTimestamp(row.updated_at),
      updatedByLabel: row.updated_by_label,
    };
  }

  return {
    async list(organizationId: string): Promise<Rule[]> {
      const rows = await selectRules(organizationId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
      const runs = await lastRuns(
        organizationId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toRule(row, runs.get(row.id) ?? null));
    },

    async find(organizationId: string, ruleId: string): Promise<Rule | null> {
      const row = await selectRules(organizationId).where("id", "=", ruleId).executeTakeFirst();
      if (!row) return null;
      const runs = await lastRuns(organizationId, [row.id]);
      return toRule(row, runs.get(row.id) ?? null);
    },

    async count(organizationId: string): Promise<number> {
      const row = await db
        .selectFrom("rules")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(rule: NewRule): Promise<string> {
      const id = randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto("rules")
        .values({
          id,
          organization_id: rule.organizationId,
          name: rule.name,
          status: rule.status,
          template: rule.template,
          definition_json: JSON.stringify(rule.definition),
          created_by: rule.createdBy,
          updated_by_label: rule.byLabel,
          next_run_at: rule.nextRunAt?.toISOString() ?? null,
          last_run_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },

    async update(
      organizationId: string,
      ruleId: string,
      change: {
        name?: string;
        definition?: RuleDefinition;
        status?: RuleStatus;
        nextRunAt?: Date | null;
        byLabel: string;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable("rules")
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.definition !== undefined ? { definition_json: JSON.stringify(change.definition) } : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.nextRunAt !== undefined ? { next_run_at: change.nextRunAt?.toISOString() ?? null } : {}),
          updated_by_label: change.byLabel,
          updated_at: new Date().toISOString(),
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", ruleId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(organizationId: string, ruleId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("rules")
        .where("organization_id", "=", organizationId)
        .where("id", "=", ruleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Rules (preview or active) whose next slot is due, across organizations, oldest first. */
    async listDue(now: Date, limit: number): Promise<DueRule[]> {
      const rows = await db
        .selectFrom("rules")
        .select(["id", "organization_id", "name", "status", "definition_json", "next_run_at"])
        .where("status", "in", ["preview", "active"])
        .where("next_run_at", "is not", null)
        .where("next_run_at", "<=", now.toISOString())
        .orderBy("next_run_at")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        name: row.name,
        status: row.status as RuleStatus,
        definition: JSON.parse(row.definition_json) as RuleDefinition,
        nextRunAt: toIsoTimestamp(row.next_run_at as Date | string),
      }));
    },

    /**
     * Claims a scheduled slot: the run row is unique per rule and slot, so of several nodes ticking
     * at once exactly one gets it. Moves the rule's next slot on either way. Returns the run id, or
     * null when another node claimed the slot first.
     */
    async claimSlot(
      rule: DueRule,
      input: { slot: string; mode: RuleRunMode; actorLabel: string; nextRunAt: Date },
    ): Promise<string | null> {
      const id = randomUUID();
      const inserted = await db
        .insertInto("rule_runs")
        .values({
          id,
          organization_id: rule.organizationId,
          rule_id: rule.id,
          trigger: "schedule",
          slot: input.slot,
          mode: input.mode,
          status: "running",
          actor_label: input.actorLabel,
          summary_json: null,
          started_at: new Date().toISOString(),
          finished_at: null,
        })
        .onConflict((conflict) => conflict.columns(["rule_id", "slot"]).doNothing())
        .executeTakeFirst();
      // Only the slot's owner moves the schedule on, and only from the slot it claimed.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
      await db
        .updateTable("rules")
        .set({ next_run_at: input.nextRunAt.toISOString(), last_run_at: new Date().toISOString() })
        .where("id", "=", rule.id)
        .where("next_run_at", "=", rule.nextRunAt)
        .execute();
      return id;
    },

    /** Moves a rule's next slot on without running it (automation paused for the organization). */
    async skipSlot(rule: DueRule, nextRunAt: Date): Promise<void> {
      await db
        .updateTable("rules")
        .set({ next_run_at: nextRunAt.toISOString() })
        .where("id", "=", rule.id)
        .where("next_run_at", "=", rule.nextRunAt)
        .execute();
    },

    async startRun(input: {
      organizationId: string;
      ruleId: string;
      trigger: RuleRunTrigger;
      mode: RuleRunMode;
      actorLabel: string;
    }): Promise<string> {
      const id = randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto("rule_runs")
        .values({
          id,
          organization_id: input.organizationId,
          rule_id: input.ruleId,
          trigger: input.trigger,
          slot: null,
          mode: input.mode,
          status: "running",
          actor_label: input.actorLabel,
          summary_json: null,
          started_at: now,
          finished_at: null,
        })
        .execute();
      await db
        .updateTable("rules")
        .set({ last_run_at: now })
        .where("id", "=", input.ruleId)
        .where("organization_id", "=", input.organizationId)
        .execute();
      return id;
    },

    async finishRun(
      organizationId: string,
      runId: string,
      result: { status: RuleRunStatus; counts: RuleRunCounts; message: string | null },
    ): Promise<void> {
      await db
        .updateTable("rule_runs")
        .set({
          status: result.status,
          summary_json: JSON.stringify({ counts: result.counts, message: result.message }),
          finished_at: new Date().toISOString(),
        })
        .where("organization_id", "=", organizationId)
        .where("id", "=", runId)
        .execute();
    },

    /**
     * Keeps the history small: a run where nothing fired keeps its summary, but its campaigns'
     * traces only until a later such run of the rule replaces them (a rule on 10,000 campaigns
     * writes megabytes of traces, every 15 minutes); runs older than RUN_RETENTION_DAYS go.
     */
    async pruneRuns(organizationId: string, ruleId: string, latestRunId: string, now: Date): Promise<void> {
      const quiet = await db
        .selectFrom("rule_runs")
        .select(["id", "summary_json"])
        .where("organization_id", "=", organizationId)
        .where("rule_id", "=", ruleId)
        .where("id", "!=", latestRunId)
        .where("status", "in", ["succeeded", "skipped"])
        .where("summary_json", "like", '%"fired":0,%')
        .where("summary_json", "not like", '%"tracesPruned":true%')
        .execute();
      for (const run of quiet) {
        await db.deleteFrom("rule_run_campaigns").where("run_id", "=", run.id).execute();
        const summary = JSON.parse(run.summary_json ?? "{}") as Record<string, unknown>;
        await db
          .updateTable("rule_runs")
          .set({ summary_json: JSON.stringify({ ...summary, tracesPruned: true }) })
          .where("id", "=", run.id)
          .execute();
      }
      await db
        .deleteFrom("rule_runs")
        .where("organization_id", "=", organizationId)
        .where("rule_id", "=", ruleId)
        .where("started_at", "<", new Date(now.getTime() - RUN_RETENTION_DAYS * 86_400_000).toISOString())
        .execute();
    },

    async findRunSummary(organizationId: string, runId: string): Promise<RuleRunSummary | null> {
      const row = await db
        .selectFrom("rule_runs")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("id", "=", runId)
        .executeTakeFirst();
      return row ? toRunSummary(row) : null;
    },

    /** A claimed run for the job that works it (Adhelm's own lookup: the id came from the claim). */
    async findRunForJob(runId: string): Promise<(RuleRunSummary & { organizationId: string }) | null> {
      const row = await db.selectFrom("rule_runs").selectAll().where("id", "=", runId).executeTakeFirst();
      return row ? { ...toRunSummary(row), organizationId: row.organization_id } : null;
    },

    async listRuns(
      organizationId: string,
      ruleId: string,
      page: { limit: number; before: { startedAt: string; id: string } | null },
    ): Promise<Array<{ run: RuleRunSummary; position: { startedAt: string; id: string } }>> {
      let query = db
        .selectFrom("rule_runs")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("rule_id", "=", ruleId);
      const before = page.before;
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb("started_at", "<", before.startedAt),
            eb.and([eb("started_at", "=", before.startedAt), eb("id", "<", before.id)]),
          ]),
        );
      const rows = await query.orderBy("started_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
      return rows.map((row) => ({
        run: toRunSummary(row),
        position: { startedAt: storedText(row.started_at), id: row.id },
      }));
    },

    /**
     * Stores each campaign's evaluation once per run (the key is unique), so a retried run finds
     * the first attempt's rows and continues from them. Returns the run's rows as stored.
     */
    async saveRunCampaigns(
      organizationId: string,
      ruleId: string,
      runId: string,
      campaigns: NewRunCampaign[],
    ): Promise<void> {
      const now = new Date().toISOString();
      for (let start = 0; start < campaigns.length; start += 200) {
        const chunk = campaigns.slice(start, start + 200);
        await db
          .insertInto("rule_run_campaigns")
          .values(
            chunk.map((campaign) => ({
              id: randomUUID(),
              organization_id: organizationId,
              run_id: runId,
              rule_id: ruleId,
              campaign_id: campaign.campaignId,
              campaign_name: campaign.campaignName,
              platform: campaign.platform,
              fired: campaign.fired,
              trace_json: JSON.stringify({
                currency: campaign.currency,
                trace: campaign.trace,
                heldBack: campaign.heldBack,
              }),
              outcome: campaign.outcome,
              actions_json: JSON.stringify(campaign.actions),
              idempotency_key: `${runId}:${campaign.campaignId}`,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
          .execute();
      }
    },

    async listRunCampaigns(organizationId: string, runId: string): Promise<RuleRunCampaign[]> {
      const rows = await db
        .selectFrom("rule_run_campaigns")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("run_id", "=", runId)
        .orderBy("fired", "desc")
        .orderBy("campaign_name")
        .execute();
      return rows.map((row) => {
        const stored = JSON.parse(row.trace_json) as {
          currency: string;
          trace: unknown;
          heldBack?: RuleHeldBack | null;
        };
        return {
          campaignId: row.campaign_id,
          campaignName: row.campaign_name,
          platform: row.platform as AdPlatformId,
          currency: stored.currency,
          fired: Boolean(row.fired),
          outcome: row.outcome as RuleRunCampaign["outcome"],
          trace: stored.trace,
          actions: row.actions_json ? (JSON.parse(row.actions_json) as RuleActionResult[]) : [],
          heldBack: stored.heldBack ?? null,
        };
      });
    },

    async updateRunCampaign(
      organizationId: string,
      runId: string,
      campaignId: string,
      result: { outcome: RuleRunCampaign["outcome"]; actions: RuleActionResult[] },
    ): Promise<void> {
      await db
        .updateTable("rule_run_campaigns")
        .set({
          outcome: result.outcome,
          actions_json: JSON.stringify(result.actions),
          updated_at: new Date().toISOString(),
        })
        .where("organization_id", "=", organizationId)
        .where("idempotency_key", "=", `${runId}:${campaignId}`)
        .execute();
    },

    /**
     * Claims a campaign's pending actions for this worker: of two workers on one run (a job the
     * queue handed out twice), one applies them. A claim older than `staleBefore` (its worker died)
     * can be taken again; the change log's idempotency keys keep the retry from pushing twice.
     */
    async claimRunCampaign(
      organizationId: string,
      runId: string,
      campaignId: string,
      staleBefore: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable("rule_run_campaigns")
        .set({ outcome: "applying", updated_at: new Date().toISOString() })
        .where("organization_id", "=", organizationId)
        .where("idempotency_key", "=", `${runId}:${campaignId}`)
        .where((eb) =>
          eb.or([
            eb("outcome", "=", "pending"),
            eb.and([eb("outcome", "=", "applying"), eb("updated_at", "<", staleBefore.toISOString())]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The rule's live actions on campaigns since `since` (cooldown, per-day limits). */
    async pastActions(organizationId: string, ruleId: string, since: Date): Promise<PastRuleAction[]> {
      const rows = await db
        .selectFrom("rule_run_campaigns as rc")
        .innerJoin("rule_runs as r", "r.id", "rc.run_id")
        .select(["rc.campaign_id", "rc.updated_at", "rc.actions_json"])
        .where("rc.organization_id", "=", organizationId)
        .where("rc.rule_id", "=", ruleId)
        .where("r.mode", "=", "live")
        .where("rc.outcome", "=", "succeeded")
        .where("rc.updated_at", ">=", since.toISOString())
        .execute();
      return rows.map((row) => ({
        campaignId: row.campaign_id,
        at: toIsoTimestamp(row.updated_at),
        actions: row.actions_json ? (JSON.parse(row.actions_json) as RuleActionResult[]) : [],
      }));
    },

    async getAutomationSettings(organizationId: string): Promise<{ paused: boolean; pausedByLabel: string | null }> {
      const row = await db
        .selectFrom("automation_settings")
        .select(["paused", "paused_by_label"])
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return { paused: Boolean(row?.paused), pausedByLabel: row?.paused ? (row.paused_by_label ?? null) : null };
    },

    async setAutomationPaused(organizationId: string, paused: boolean, byLabel: string): Promise<void> {
      const now = new Date().toISOString();
      await db
        .insertInto("automation_settings")
        .values({ organization_id: organizationId, paused, paused_by_label: byLabel, updated_at: now })
        .onConflict((conflict) =>
          conflict.column("organization_id").doUpdateSet({ paused, paused_by_label: byLabel, updated_at: now }),
        )
        .execute();
    },
  };
}

export type RulesRepository = ReturnType<typeof createRulesRepository>;

function storedText(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

function toRunSummary(row: {
  id: string;
  rule_id: string;
  trigger: string;
  mode: string;
  status: string;
  actor_label: string;
  summary_json: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}): RuleRunSummary {
  const summary = row.summary_json
    ? (JSON.parse(row.summary_json) as { counts?: RuleRunCounts; message?: string | null; tracesPruned?: boolean })
    : {};
  return {
    id: row.id,
    ruleId: row.rule_id,
    trigger: row.trigger as RuleRunTrigger,
    mode: row.mode as RuleRunMode,
    status: row.status as RuleRunStatus,
    actorLabel: row.actor_label,
    counts: summary.counts ?? EMPTY_COUNTS,
    message: summary.message ?? null,
    tracesPruned: summary.tracesPruned === true,
    startedAt: toIsoTimestamp(row.started_at),
    finishedAt: row.finished_at ? toIsoTimestamp(row.finished_at) : null,
  };
}
