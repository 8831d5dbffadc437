/**
 * The shapes the rules slice hands pages and the API: a rule, its runs and each campaign's
 * evaluation in a run. The definition is the rule language (rule-definition.ts).
 */
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { RuleDefinition, RuleStatus } from "./rule-definition.ts";

export const RULE_TEMPLATE_IDS = ["stop_loss", "scale_winners", "pacing_guard", "revive", "watch"] as const;
export type RuleTemplateId = (typeof RULE_TEMPLATE_IDS)[number];

export interface Rule {
  id: string;
  name: string;
  status: RuleStatus;
  template: RuleTemplateId | null;
  definition: RuleDefinition;
  /** The next scheduled slot (ISO, UTC); null while paused. */
  nextRunAt: string | null;
  lastRun: RuleRunSummary | null;
  createdAt: string;
  updatedAt: string;
  updatedByLabel: string | null;
}

export type RuleRunTrigger = "schedule" | "run_now" | "api";
export type RuleRunMode = "preview" | "live";
export type RuleRunStatus = "running" | "succeeded" | "partial" | "failed" | "skipped";

export interface RuleRunCounts {
  /** Campaigns the scope selected. */
  inScope: number;
  /** Campaigns whose conditions held. */
  fired: number;
  /** Campaigns acted on (live) or that would have been (preview). */
  acted: number;
  failed: number;
  /** Held back by a guardrail (cooldown, limits) or already as asked. */
  skipped: number;
}

export interface RuleRunSummary {
  id: string;
  ruleId: string;
  trigger: RuleRunTrigger;
  mode: RuleRunMode;
  status: RuleRunStatus;
  actorLabel: string;
  counts: RuleRunCounts;
  /** Why a run was skipped or failed, in words. */
  message: string | null;
  /**
   * Nothing fired in this run, and a later run where nothing fired either replaced its campaigns'
   * traces: the counts stay, the per-campaign traces do not.
   */
  tracesPruned: boolean;
  startedAt: string;
  finishedAt: string | null;
}

export type RuleActionOutcome = "succeeded" | "failed" | "skipped" | "would_apply";

export interface RuleActionResult {
  kind: RuleDefinition["actions"][number]["kind"];
  outcome: RuleActionOutcome;
  /** What it did or would do, or why not, in English words (the API and the log); the screens use `reason`. */
  message: string;
  /**
   * Why it was held back or capped, as a code the screens translate: cooldown, max_actions_per_run,
   * max_actions_per_day, nothing_to_do, already_paused, already_enabled, no_daily_budget, no_change,
   * daily_budget_limit_reached, has_label, no_label; or the cap on a budget (floor, ceiling,
   * daily_percent, daily_amount).
   */
  reason?: string | null;
  /** The end of a cooldown (ISO), for an action held back by one. */
  until?: string | null;
  /** The label an add_label or remove_label action sets or takes off. */
  label?: string;
  /** The change log entry of a pushed change; undo works from there. */
  changeId: string | null;
  before?: { status?: string; dailyBudgetMinor?: number | null };
  after?: { status?: string; dailyBudgetMinor?: number | null };
}

export interface RuleRunCampaign {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  fired: boolean;
  /** pending and applying: a live run's actions not yet done (applying: a worker holds them). */
  outcome: "none" | "pending" | "applying" | "succeeded" | "failed" | "skipped";
  /** The engine's evaluation trace (evaluate-rule.ts): each condition's values, the guard, the days left out. */
  trace: unknown;
  actions: RuleActionResult[];
  /** Why a campaign that fired was not acted on: a guardrail (cooldown, a limit) or nothing to change. */
  heldBack: RuleHeldBack | null;
}

export interface RuleHeldBack {
  /** cooldown | max_actions_per_run | max_actions_per_day | nothing_to_do */
  reason: string;
  /** The end of the cooldown (ISO). */
  until: string | null;
  /** In English words. */
  message: string;
}

export interface RuleRun extends RuleRunSummary {
  campaigns: RuleRunCampaign[];
}

/** What the rule would do now, per campaign: a run that is not stored and acts on nothing. */
export interface RulePreview {
  generatedAt: string;
  /** The organization's date the windows end on. */
  today: string;
  timeZone: string;
  counts: RuleRunCounts;
  campaigns: RuleRunCampaign[];
}
