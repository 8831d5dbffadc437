/**
 * How the rule language's values read on screen: each value's catalog key in the "rules"
 * namespace (translated where shown), and the operators as the symbols every language reads.
 */
import type {
  GuardMetric,
  NotifyChannel,
  Operator,
  ReferenceMetric,
  RuleAction,
  RuleSchedule,
  RuleStatus,
  RuleWindow,
} from "#core/rules/rule-definition.ts";
import type { RuleRunStatus, RuleRunTrigger, RuleTemplateId } from "#core/rules/rule-types.ts";

export const METRIC_KEYS = {
  spend: "metrics.spend",
  impressions: "metrics.impressions",
  clicks: "metrics.clicks",
  ctr: "metrics.ctr",
  cpc: "metrics.cpc",
  conversions: "metrics.conversions",
  cpa: "metrics.cpa",
  revenue: "metrics.revenue",
  roas: "metrics.roas",
  blended_roas: "metrics.blended_roas",
  budget_utilisation: "metrics.budget_utilisation",
  mtd_pacing: "metrics.mtd_pacing",
  target_cpa: "metrics.target_cpa",
  target_roas: "metrics.target_roas",
} as const satisfies Record<ReferenceMetric, string>;

export const GUARD_METRIC_KEYS = {
  spend: "metrics.spend",
  impressions: "metrics.impressions",
  clicks: "metrics.clicks",
  conversions: "metrics.conversions",
} as const satisfies Record<GuardMetric, string>;

export const OPERATOR_SYMBOLS = {
  ">": ">",
  ">=": "≥",
  "<": "<",
  "<=": "≤",
  "=": "=",
  "!=": "≠",
} as const satisfies Record<Operator, string>;

export const OPERATOR_KEYS = {
  ">": "operators.gt",
  ">=": "operators.gte",
  "<": "operators.lt",
  "<=": "operators.lte",
  "=": "operators.eq",
  "!=": "operators.neq",
} as const satisfies Record<Operator, string>;

export const WINDOW_KEYS = {
  today: "windows.today",
  yesterday: "windows.yesterday",
  last_days: "windows.last_days",
  this_month: "windows.this_month",
} as const satisfies Record<RuleWindow["kind"], string>;

export const ACTION_KEYS = {
  pause: "actionKinds.pause",
  enable: "actionKinds.enable",
  set_budget: "actionKinds.set_budget",
  change_budget: "actionKinds.change_budget",
  add_label: "actionKinds.add_label",
  remove_label: "actionKinds.remove_label",
  notify: "actionKinds.notify",
} as const satisfies Record<RuleAction["kind"], string>;

export const CHANNEL_KEYS = {
  in_app: "channels.in_app",
  email: "channels.email",
  push: "channels.push",
  webhook: "channels.webhook",
} as const satisfies Record<NotifyChannel, string>;

export const SCHEDULE_KEYS = {
  every_15_minutes: "schedules.every_15_minutes",
  hourly: "schedules.hourly",
  daily: "schedules.daily",
  weekly: "schedules.weekly",
} as const satisfies Record<RuleSchedule["kind"], string>;

export const STATUS_KEYS = {
  preview: "status.preview",
  active: "status.active",
  paused: "status.paused",
} as const satisfies Record<RuleStatus, string>;

export const RUN_STATUS_KEYS = {
  running: "runStatus.running",
  succeeded: "runStatus.succeeded",
  partial: "runStatus.partial",
  failed: "runStatus.failed",
  skipped: "runStatus.skipped",
} as const satisfies Record<RuleRunStatus, string>;

export const TRIGGER_KEYS = {
  schedule: "triggers.schedule",
  run_now: "triggers.run_now",
  api: "triggers.api",
} as const satisfies Record<RuleRunTrigger, string>;

export const TEMPLATE_KEYS = {
  stop_loss: { name: "templates.stop_loss.name", description: "templates.stop_loss.description" },
  scale_winners: { name: "templates.scale_winners.name", description: "templates.scale_winners.description" },
  pacing_guard: { name: "templates.pacing_guard.name", description: "templates.pacing_guard.description" },
  revive: { name: "templates.revive.name", description: "templates.revive.description" },
  watch: { name: "templates.watch.name", description: "templates.watch.description" },
} as const satisfies Record<RuleTemplateId, { name: string; description: string }>;

export const SELECTION_KEYS = {
  all: "editor.scope.selection.all",
  list: "editor.scope.selection.list",
  name: "editor.scope.selection.name",
  label: "editor.scope.selection.label",
} as const;

/** Sunday first, as the schedule counts (0 = Sunday … 6 = Saturday); names come from Intl. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function weekdayName(weekday: number, locale: string): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + weekday)),
  );
}
