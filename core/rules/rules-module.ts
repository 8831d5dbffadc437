/**
 * The rules slice's use cases: the rules themselves (list, read, create, edit, activate, pause,
 * delete), what a rule would do now (preview), its backtest, Run now, its runs with their traces,
 * the organization's "pause all automation" switch, and the scheduler's tick and job. Writes need
 * "rules.manage", running "rules.run", reads "workspace.read".
 */
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import { createLimitCheck } from "#core/billing/billing-limits.ts";
import { createBillingRepository } from "#core/billing/billing-repository.ts";
import { decodeCursor, encodeCursor } from "#core/campaigns/keyset-cursor.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import { parseRuleDefinition } from "./parse-rule-input.ts";
import { previewRule } from "./preview-rule.ts";
import { MAX_WINDOW_DAYS } from "./rule-definition.ts";
import { getRuleEditorOptions } from "./rule-editor-options.ts";
import { createRuleScheduler, workRuleRun } from "./rule-scheduler.ts";
import { ruleTemplate } from "./rule-templates.ts";
import { RULE_TEMPLATE_IDS, type RuleRun, type RuleRunSummary, type RuleTemplateId } from "./rule-types.ts";
import { createRulesRepository } from "./rules-repository.ts";
import { type RunRuleDependencies, runRuleNow } from "./run-rule.ts";
import { createRule, deleteRule, requireRule, setRuleStatus, updateRule } from "./save-rule.ts";

export interface RulesModuleDependencies extends Omit<RunRuleDependencies, "rules"> {
  db: Kysely<Database>;
  clock: AdsClock;
  jobs: JobQueue;
  /** The organization's time zone (its owner's), for schedules and windows. */
  timeZoneOf: (organizationId: string) => Promise<string>;
  /** Whether billing made the organization read-only (its scheduled rules then pass their slots). */
  isReadOnly?: (organizationId: string) => Promise<boolean>;
  /** Where changes to rules and the automation switch are recorded (the organization's audit log). */
  audit?: AuditLog;
}

const RUNS_PAGE = 20;

export function createRulesModule(deps: RulesModuleDependencies) {
  const rules = createRulesRepository(deps.db);
  const runDeps: RunRuleDependencies = { ...deps, rules };
  const saveDeps = {
    rules,
    timeZoneOf: deps.timeZoneOf,
    now: deps.now,
    assertWithinLimit: createLimitCheck(createBillingRepository(deps.db)),
  };
  const audit = deps.audit ?? createAuditLog(deps.db);
  const ruleTarget = (rule: { id: string; name: string }) => ({ type: "rule", id: rule.id, label: rule.name });

  async function getRuleRun(actor: Actor, runId: string): Promise<RuleRun> {
    const summary = typeof runId === "string" ? await rules.findRunSummary(actor.organizationId, runId) : null;
    if (!summary) throw new AppError("not_found", "There is no such run in your organization.");
    return { ...summary, campaigns: await rules.listRunCampaigns(actor.organizationId, runId) };
  }

  return {
    listRules: useCase("workspace.read", (actor) => rules.list(actor.organizationId)),
    getRule: useCase("workspace.read", (actor, ruleId: string) => requireRule(saveDeps, actor, ruleId)),
    // Drafting is open to analysts: a new rule starts in preview and acts on nothing until activated.
    createRule: useCase(
      "rules.draft",
      async (actor, input: { name: unknown; definition: unknown; template?: unknown }) => {
        const rule = await createRule(saveDeps, actor, input);
        await audit.record(actor, {
          action: "rule.created",
          target: ruleTarget(rule),
          details: { status: rule.status },
        });
        return rule;
      },
    ),
    updateRule: useCase("rules.draft", async (actor, input: { ruleId: string; name: unknown; definition: unknown }) => {
      const rule = await updateRule(saveDeps, actor, input);
      await audit.record(actor, { action: "rule.updated", target: ruleTarget(rule) });
      return rule;
    }),
    setRuleStatus: useCase("rules.manage", async (actor, input: { ruleId: string; status: unknown }) => {
      const before = await requireRule(saveDeps, actor, input.ruleId);
      const rule = await setRuleStatus(saveDeps, actor, input);
      if (rule.status !== before.status)
        await audit.record(actor, {
          action: "rule.status_changed",
          target: ruleTarget(rule),
          details: { from: before.status, to: rule.status },
        });
      return rule;
    }),
    deleteRule: useCase("rules.manage", async (actor, ruleId: string) => {
      const rule = await requireRule(saveDeps, actor, ruleId);
      await deleteRule(saveDeps, actor, ruleId);
      await audit.record(actor, { action: "rule.deleted", target: ruleTarget(rule) });
    }),
    previewRule: useCase("workspace.read", (actor, input: { ruleId: string } | { definition: unknown }) =>
      previewRule(runDeps, actor, input),
    ),
    runRuleNow: useCase("rules.run", async (actor, input: { ruleId: string; trigger?: "run_now" | "api" }) => {
      const rule = await requireRule(saveDeps, actor, input.ruleId);
      const { paused } = await rules.getAutomationSettings(actor.organizationId);
      return runRuleNow(runDeps, actor, { rule, trigger: input.trigger ?? "run_now", automationPaused: paused });
    }),
    listRuleRuns: useCase(
      "workspace.read",
      async (
        actor,
        input: { ruleId: string; limit?: number; cursor?: string | null },
      ): Promise<{ runs: RuleRunSummary[]; nextCursor: string | null }> => {
        const rule = await requireRule(saveDeps, actor, input.ruleId);
        const limit = Math.min(Math.max(Math.trunc(input.limit ?? RUNS_PAGE), 1), 100);
        const after = input.cursor ? decodeCursor(input.cursor) : null;
        const rows = await rules.listRuns(actor.organizationId, rule.id, {
          limit: limit + 1,
          before: after ? { startedAt: after.createdAt, id: after.id } : null,
        });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          runs: page.map((row) => row.run),
          nextCursor:
            rows.length > limit && last
              ? encodeCursor({ createdAt: last.position.startedAt, id: last.position.id })
              : null,
        };
      },
    ),
    getRuleRun: useCase("workspace.read", getRuleRun),
    /** Replays a saved rule or the editor's unsaved definition over the last `days` days (7 to 90). */
    backtestRule: useCase(
      "workspace.read",
      async (actor, input: { ruleId: string } | { definition: unknown }, days: number) => {
        const definition =
          "ruleId" in input
            ? (await requireRule(saveDeps, actor, input.ruleId)).definition
            : parseRuleDefinition(input.definition);
        const span = Math.trunc(Number(days));
        if (!Number.isFinite(span) || span < 7 || span > MAX_WINDOW_DAYS)
          throw new AppError("unprocessable_entity", "Choose a backtest of 7 to 90 days.", {
            fieldErrors: { days: "Choose a backtest of 7 to 90 days." },
          });
        return deps.engine.backtest(actor.organizationId, definition, span);
      },
    ),
    /** A template's name and definition, for the editor to open with (nothing is saved). */
    newRuleFromTemplate: useCase("workspace.read", async (_actor, templateId: string) => {
      if (!RULE_TEMPLATE_IDS.includes(templateId as RuleTemplateId))
        throw new AppError("not_found", "There is no such rule template.");
      const template = ruleTemplate(templateId as RuleTemplateId);
      return { name: template.name, template: template.id, definition: template.definition };
    }),
    /** What the editor offers: ad accounts, labels, time zone, currency, targets and the lag curves. */
    getRuleEditorOptions: useCase("workspace.read", (actor, input?: { fallbackCurrency?: string }) =>
      getRuleEditorOptions(deps, actor.organizationId, input?.fallbackCurrency ?? "USD"),
    ),
    getAutomationSettings: useCase("workspace.read", (actor) => rules.getAutomationSettings(actor.organizationId)),
    setAutomationPaused: useCase("rules.manage", async (actor, paused: boolean) => {
      const before = await rules.getAutomationSettings(actor.organizationId);
      await rules.setAutomationPaused(actor.organizationId, paused === true, actor.label);
      if (before.paused !== (paused === true))
        await audit.record(actor, {
          action: paused === true ? "automation.paused" : "automation.resumed",
          target: { type: "automation", id: actor.organizationId, label: "Automation" },
        });
      return rules.getAutomationSettings(actor.organizationId);
    }),
  };
}

export type RulesModule = ReturnType<typeof createRulesModule>;

/** What only the server uses: the scheduler's tick and the worker of the rules queue. */
export function createRulesBackground(deps: RulesModuleDependencies) {
  const rules = createRulesRepository(deps.db);
  const scheduler = createRuleScheduler({
    rules,
    jobs: deps.jobs,
    timeZoneOf: deps.timeZoneOf,
    isReadOnly: deps.isReadOnly,
    now: deps.now,
  });
  return {
    queueDueRules: () => scheduler.queueDueRules(),
    workRuleRun: (runId: string) => workRuleRun({ ...deps, rules }, runId),
  };
}

export type RulesBackground = ReturnType<typeof createRulesBackground>;
