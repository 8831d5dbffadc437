/**
 * Runs a rule once: judges every campaign in its scope, stores each campaign's trace, and, for an
 * active rule, acts on the campaigns that fired through the campaigns slice's use cases as the rule
 * itself (the change log names the rule, and undo works). A preview rule only records what it
 * would do.
 *
 * A run is safe to repeat. The campaigns' evaluations are stored once per run (unique per run and
 * campaign), and a retried run continues from them; each change carries the key
 * "<run>:<campaign>:<action>", and a key with a succeeded change log entry is never pushed again.
 */
import { type Actor, systemActor } from "#core/access/actor.ts";
import type { ApplyChangesRequest } from "#core/campaigns/apply-campaign-changes.ts";
import type { ApplyChangesResult } from "#core/campaigns/campaign-change-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import type { PublishWebhookEvent } from "#core/webhooks/webhook-events.ts";
import type { RuleDefinition } from "./rule-definition.ts";
import type { CampaignPlan, PlannedAction, RuleEngine } from "./rule-engine-port.ts";
import type {
  Rule,
  RuleActionResult,
  RuleRun,
  RuleRunCampaign,
  RuleRunCounts,
  RuleRunMode,
  RuleRunStatus,
  RuleRunTrigger,
} from "./rule-types.ts";
import type { NewRunCampaign, RulesRepository } from "./rules-repository.ts";

export const RULE_ALERTS_CATALOG = "rule-alerts";

export interface RunRuleDependencies {
  rules: RulesRepository;
  engine: RuleEngine;
  applyCampaignChanges: (actor: Actor, input: ApplyChangesRequest) => Promise<ApplyChangesResult>;
  setCampaignLabels: (actor: Actor, input: unknown) => Promise<{ changed: number }>;
  notify: Notify;
  publishWebhookEvent: PublishWebhookEvent;
  now?: () => Date;
}

/** The rule acting on the organization's campaigns: the change log's actor. */
export function ruleActor(organizationId: string, rule: { id: string; name: string }): Actor {
  return systemActor(organizationId, { id: rule.id, label: `Rule “${rule.name}”` });
}

/** How long a worker's claim on a campaign's actions holds before another may take it over. */
const APPLY_LEASE_MS = 5 * 60_000;

/** How long a cooldown or a per-day limit looks back: enough for the longest cooldown (720 h). */
const HISTORY_DAYS = 31;

/**
 * Runs `rule` as run `runId` (claimed by the scheduler or started for Run now). `mode` is decided
 * by the caller: live only for an active rule while automation is on.
 */
export async function executeRuleRun(
  deps: RunRuleDependencies,
  input: { organizationId: string; rule: Pick<Rule, "id" | "name" | "definition">; runId: string; mode: RuleRunMode },
): Promise<RuleRun> {
  const { organizationId, rule, runId, mode } = input;
  const now = deps.now?.() ?? new Date();
  let stored = await deps.rules.listRunCampaigns(organizationId, runId);
  try {
    if (stored.length === 0) {
      const { rows } = await evaluateRun(deps, {
        organizationId,
        ruleId: rule.id,
        definition: rule.definition,
        now,
        mode,
      });
      await deps.rules.saveRunCampaigns(organizationId, rule.id, runId, rows);
      stored = await deps.rules.listRunCampaigns(organizationId, runId);
    }

    if (mode === "live") {
      const actor = ruleActor(organizationId, rule);
      const staleBefore = new Date(now.getTime() - APPLY_LEASE_MS);
      for (const campaign of stored.filter((row) => row.outcome === "pending" || row.outcome === "applying")) {
        if (!(await deps.rules.claimRunCampaign(organizationId, runId, campaign.campaignId, staleBefore))) continue;
        const actions = await applyActions(deps, actor, runId, campaign);
        const outcome = actions.some((action) => action.outcome === "failed") ? "failed" : "succeeded";
        await deps.rules.updateRunCampaign(organizationId, runId, campaign.campaignId, { outcome, actions });
      }
      stored = await deps.rules.listRunCampaigns(organizationId, runId);
    }
  } catch (error) {
    const message = error instanceof AppError ? error.message : "The run stopped on an unexpected error.";
    await deps.rules.finishRun(organizationId, runId, { status: "failed", counts: countsOf(stored), message });
    throw error;
  }

  const counts = countsOf(stored);
  const status: RuleRunStatus =
    counts.failed === 0 ? "succeeded" : counts.failed < counts.fired - counts.skipped ? "partial" : "failed";
  await deps.rules.finishRun(organizationId, runId, { status, counts, message: null });
  await deps.rules.pruneRuns(organizationId, rule.id, runId, now);
  const summary = await deps.rules.findRunSummary(organizationId, runId);
  const run: RuleRun = { ...(summary as NonNullable<typeof summary>), campaigns: stored };
  await tell(deps, organizationId, rule, run);
  return run;
}

/**
 * Judges the campaigns and plans the actions under the guardrails (the rule's past actions count
 * for a live run and for a preview of a saved rule): what a run stores, and what a preview shows.
 */
export async function evaluateRun(
  deps: Pick<RunRuleDependencies, "rules" | "engine">,
  input: {
    organizationId: string;
    ruleId: string | null;
    definition: RuleDefinition;
    now: Date;
    mode: RuleRunMode;
  },
): Promise<{ today: string; timeZone: string; rows: NewRunCampaign[] }> {
  const { organizationId, definition, now } = input;
  const evaluation = await deps.engine.evaluate(organizationId, definition);
  const pastActions = input.ruleId
    ? await deps.rules.pastActions(organizationId, input.ruleId, new Date(now.getTime() - HISTORY_DAYS * 86_400_000))
    : [];
  const plans = new Map(
    deps.engine.plan({ definition, evaluation, pastActions, now }).map((plan) => [plan.campaignId, plan]),
  );
  const rows = evaluation.campaigns.map((campaign) => ({
    campaignId: campaign.campaignId,
    campaignName: campaign.campaignName,
    platform: campaign.platform,
    currency: campaign.currency,
    fired: campaign.fired,
    trace: campaign.trace,
    ...initialOutcome(campaign.fired, plans.get(campaign.campaignId), input.mode),
  }));
  return { today: evaluation.today, timeZone: evaluation.timeZone, rows };
}

function initialOutcome(
  fired: boolean,
  plan: CampaignPlan | undefined,
  mode: RuleRunMode,
): Pick<NewRunCampaign, "outcome" | "actions" | "heldBack"> {
  if (!fired || !plan) return { outcome: "none", actions: [], heldBack: null };
  const heldBack: RuleActionResult[] = plan.skippedActions.map((skipped) => ({
    kind: skipped.kind,
    outcome: "skipped",
    message: SKIP_WORDS[skipped.reason] ?? "Held back.",
    reason: skipped.reason,
    changeId: null,
  }));
  if (plan.decision === "skip")
    return {
      outcome: "skipped",
      actions: heldBack,
      heldBack: {
        reason: plan.skipReason ?? "nothing_to_do",
        until: plan.cooldownUntil,
        message: SKIP_WORDS[plan.skipReason ?? "nothing_to_do"] ?? "Held back.",
      },
    };
  const planned = plan.actions.map((action) => ({
    kind: action.kind,
    outcome: "would_apply" as const,
    message: describePlanned(action),
    reason: "cappedBy" in action ? action.cappedBy : null,
    ...("label" in action ? { label: action.label } : {}),
    changeId: null,
    ...settingsOf(action),
    // The resolved target travels with the row, so a retried run pushes what was planned.
    ...(mode === "live" ? { planned: action } : {}),
  }));
  return { outcome: mode === "live" ? "pending" : "none", actions: [...planned, ...heldBack], heldBack: null };
}

/** English words for the held-back reasons (the API and the log; the screens translate the code). */
const SKIP_WORDS: Record<string, string> = {
  cooldown: "In cooldown: the rule acted on this campaign recently.",
  max_actions_per_run: "Held back: the rule reached its most actions per run.",
  max_actions_per_day: "Held back: the rule reached its most actions per day.",
  nothing_to_do: "Nothing to do: the campaign is already as the rule asks.",
  already_paused: "Already paused.",
  already_enabled: "Already enabled.",
  no_daily_budget: "The campaign has no daily budget of its own.",
  no_change: "The budget is already at that amount.",
  daily_budget_limit_reached: "The budget already moved as far as the rule allows today.",
  has_label: "Already has the label.",
  no_label: "Does not have the label.",
};

async function applyActions(
  deps: RunRuleDependencies,
  actor: Actor,
  runId: string,
  campaign: RuleRunCampaign,
): Promise<RuleActionResult[]> {
  const results: RuleActionResult[] = [];
  for (const recorded of campaign.actions as Array<RuleActionResult & { planned?: PlannedAction }>) {
    const action = recorded.planned;
    if (!action || recorded.outcome === "succeeded") {
      results.push(recorded);
      continue;
    }
    const key = `${runId}:${campaign.campaignId}:${action.kind}`;
    try {
      if (
        action.kind === "pause" ||
        action.kind === "enable" ||
        action.kind === "set_budget" ||
        action.kind === "change_budget"
      ) {
        const change =
          action.kind === "pause" || action.kind === "enable"
            ? { action: action.kind }
            : { action: "set_budget" as const, budget: { kind: "absolute" as const, amountMinor: action.toMinor } };
        const applied = await deps.applyCampaignChanges(actor, {
          campaignIds: [campaign.campaignId],
          change,
          reason: `Rule run ${runId}`,
          batchId: runId,
          idempotencyKeys: { [campaign.campaignId]: key },
        });
        const item = applied.results[0];
        results.push({
          ...withoutPlan(recorded),
          outcome: !item ? "skipped" : item.outcome,
          message: item?.message ?? "The campaign is no longer in the organization.",
          changeId: item?.changeId ?? null,
        });
      } else if (action.kind === "add_label" || action.kind === "remove_label") {
        await deps.setCampaignLabels(actor, {
          campaignIds: [campaign.campaignId],
          add: action.kind === "add_label" ? [action.label] : [],
          remove: action.kind === "remove_label" ? [action.label] : [],
        });
        results.push({ ...withoutPlan(recorded), outcome: "succeeded" });
      } else {
        // Notify: one notification for the whole run, sent once the run is done.
        results.push({ ...withoutPlan(recorded), outcome: "succeeded" });
      }
    } catch (error) {
      results.push({
        ...withoutPlan(recorded),
        outcome: "failed",
        message: error instanceof AppError ? error.message : "The change failed on an unexpected error.",
      });
    }
  }
  return results;
}

function withoutPlan(result: RuleActionResult & { planned?: PlannedAction }): RuleActionResult {
  const { planned: _planned, ...rest } = result;
  return rest;
}

function settingsOf(action: PlannedAction): Pick<RuleActionResult, "before" | "after"> {
  if (action.kind === "pause" || action.kind === "enable")
    return { before: { status: action.from }, after: { status: action.to } };
  if (action.kind === "set_budget" || action.kind === "change_budget")
    return { before: { dailyBudgetMinor: action.fromMinor }, after: { dailyBudgetMinor: action.toMinor } };
  return {};
}

/** Plain words for the trace (English; the screens show the kind and the numbers in the reader's language). */
function describePlanned(action: PlannedAction): string {
  switch (action.kind) {
    case "pause":
      return "Pause the campaign.";
    case "enable":
      return "Enable the campaign.";
    case "set_budget":
    case "change_budget":
      return action.cappedBy
        ? `Set the daily budget from ${action.fromMinor} to ${action.toMinor} (minor units), capped by the ${action.cappedBy.replace("_", " ")}.`
        : `Set the daily budget from ${action.fromMinor} to ${action.toMinor} (minor units).`;
    case "add_label":
      return `Add the label “${action.label}”.`;
    case "remove_label":
      return `Remove the label “${action.label}”.`;
    case "notify":
      return "Notify the team.";
  }
}

export function countsOf(campaigns: Pick<RuleRunCampaign, "fired" | "outcome" | "actions">[]): RuleRunCounts {
  const fired = campaigns.filter((campaign) => campaign.fired);
  return {
    inScope: campaigns.length,
    fired: fired.length,
    acted: fired.filter(
      (campaign) =>
        campaign.outcome === "succeeded" ||
        (campaign.outcome === "none" && campaign.actions.some((action) => action.outcome === "would_apply")),
    ).length,
    failed: fired.filter((campaign) => campaign.outcome === "failed").length,
    skipped: fired.filter((campaign) => campaign.outcome === "skipped").length,
  };
}

/** The run's notification (when the rule asks for one and something fired) and its webhook event. */
async function tell(
  deps: RunRuleDependencies,
  organizationId: string,
  rule: Pick<Rule, "id" | "name" | "definition">,
  run: RuleRun,
): Promise<void> {
  await deps.publishWebhookEvent({
    organizationId,
    type: "rule.run.completed",
    eventId: `rule-run-${run.id}`,
    data: {
      rule_id: rule.id,
      rule_name: rule.name,
      run_id: run.id,
      trigger: run.trigger,
      mode: run.mode,
      status: run.status,
      counts: {
        in_scope: run.counts.inScope,
        fired: run.counts.fired,
        acted: run.counts.acted,
        failed: run.counts.failed,
        skipped: run.counts.skipped,
      },
      campaigns: run.campaigns
        .filter((campaign) => campaign.fired)
        .map((campaign) => ({
          campaign_id: campaign.campaignId,
          name: campaign.campaignName,
          outcome: campaign.outcome,
          actions: campaign.actions.map((action) => ({
            kind: action.kind,
            outcome: action.outcome,
            change_id: action.changeId,
          })),
        })),
    },
  });
  const notifyAction = notifyOf(rule.definition);
  if (!notifyAction || run.counts.fired === 0) return;
  const acting = run.mode === "live";
  const notifiesOnly = rule.definition.actions.every((action) => action.kind === "notify");
  // Held back by its guardrails everywhere: nothing happened worth a notification.
  if (acting && run.counts.acted === 0 && run.counts.failed === 0) return;
  await deps.notify({
    organizationId,
    kind: "rule",
    severity: run.counts.failed > 0 ? "critical" : acting && run.counts.acted > 0 ? "warning" : "info",
    message: {
      catalog: RULE_ALERTS_CATALOG,
      key:
        run.counts.failed > 0 ? "ruleFailed" : !acting ? "ruleWouldAct" : notifiesOnly ? "ruleNotified" : "ruleActed",
      params: {
        rule: rule.name,
        count: run.counts.failed > 0 ? run.counts.failed : acting ? run.counts.acted : run.counts.fired,
        campaign: run.campaigns.find((campaign) => campaign.fired)?.campaignName ?? "",
      },
    },
    link: `/rules/${rule.id}/runs/${run.id}`,
    objectType: "rule_run",
    objectId: run.id,
    dedupeKey: `rule-run:${run.id}`,
    data: { ruleId: rule.id, runId: run.id, fired: run.counts.fired, acted: run.counts.acted },
    channels: notifyAction.channels,
  });
}

function notifyOf(definition: RuleDefinition) {
  return definition.actions.find((action) => action.kind === "notify") as
    | Extract<RuleDefinition["actions"][number], { kind: "notify" }>
    | undefined;
}

/** Starts and runs a rule now (Run now in the app, POST …/run in the API). */
export async function runRuleNow(
  deps: RunRuleDependencies,
  actor: Actor,
  input: { rule: Rule; trigger: Exclude<RuleRunTrigger, "schedule">; automationPaused: boolean },
): Promise<RuleRun> {
  const { rule } = input;
  if (rule.status === "active" && input.automationPaused)
    throw new AppError(
      "conflict",
      "Automation is paused for your organization. Resume it on the rules page to let rules act.",
    );
  const mode: RuleRunMode = rule.status === "active" ? "live" : "preview";
  const runId = await deps.rules.startRun({
    organizationId: actor.organizationId,
    ruleId: rule.id,
    trigger: input.trigger,
    mode,
    actorLabel: actor.label,
  });
  return executeRuleRun(deps, { organizationId: actor.organizationId, rule, runId, mode });
}
