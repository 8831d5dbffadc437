/**
 * What a rule does to the campaigns it fired on, within its guardrails. Pure: the run (and the
 * backtest) hand in the campaigns' state and the rule's past actions, and get a plan per campaign.
 *
 * - Cooldown: a campaign the rule acted on less than `cooldownHours` ago is skipped.
 * - Limits: at most `maxActionsPerRun` campaigns acted on in one run, and `maxActionsPerDay` in the
 *   organization's day (the past actions of today count). An "action" here is one campaign acted on
 *   in one run, whatever number of its actions (pause + label + notify count once); notify counts,
 *   so a watch rule does not notify about the same campaign again within its cooldown.
 * - Budgets: set_budget sets the amount; change_budget moves the budget by ±percent, rounded to whole
 *   minor units, then held within its floor and ceiling. The day's change is then capped: the budget
 *   stays within ±maxBudgetChangePercentPerDay % (and ±maxBudgetChangeMinorPerDay) of the day's first
 *   budget (the budget before the rule's first change today, else the current one).
 * - Actions that change nothing (pausing a paused campaign, adding a label it has, a budget already
 *   at the cap) are skipped with a reason; a campaign with nothing left to do is not counted. A
 *   notification goes with a change: when a rule that changes campaigns has no change left for a
 *   campaign, it does not notify about it either (notify-only rules always notify).
 * Campaigns are taken in the order given: the caller puts the most important first.
 */
import { type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { Guardrails, NotifyChannel, RuleAction } from "./rule-definition.ts";

/** One campaign the rule acted on in one run (live), with its budget change when it made one. */
export interface PastCampaignAction {
  campaignId: string;
  at: Date | string;
  budgetFromMinor?: number | null;
  budgetToMinor?: number | null;
}

/** A campaign the rule fired on, as it is now. */
export interface CampaignState {
  campaignId: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  labels: readonly string[];
}

export type BudgetCap = "floor" | "ceiling" | "daily_percent" | "daily_amount";

export type PlannedAction =
  | { kind: "pause"; from: CampaignStatus; to: "paused" }
  | { kind: "enable"; from: CampaignStatus; to: "enabled" }
  | {
      kind: "set_budget" | "change_budget";
      fromMinor: number;
      /** What the action asked for, before the guardrails. */
      requestedMinor: number;
      toMinor: number;
      /** What held it back, when something did. */
      cappedBy: BudgetCap | null;
    }
  | { kind: "add_label" | "remove_label"; label: string }
  | { kind: "notify"; channels: NotifyChannel[] };

export type ActionSkipReason =
  | "already_paused"
  | "already_enabled"
  | "no_daily_budget"
  | "no_change"
  | "daily_budget_limit_reached"
  | "has_label"
  | "no_label";

export interface SkippedAction {
  kind: RuleAction["kind"];
  reason: ActionSkipReason;
}

export type CampaignSkipReason = "cooldown" | "max_actions_per_run" | "max_actions_per_day" | "nothing_to_do";

export interface CampaignPlan {
  campaignId: string;
  decision: "act" | "skip";
  skipReason: CampaignSkipReason | null;
  /** When the cooldown ends (ISO), for a campaign skipped for it. */
  cooldownUntil: string | null;
  actions: PlannedAction[];
  skippedActions: SkippedAction[];
}

const HOUR_MS = 3_600_000;

/** The end of a campaign's cooldown after the rule's last action on it, or null when it is over. */
export function cooldownUntil(lastActedAt: Date | null, cooldownHours: number, now: Date): Date | null {
  if (!lastActedAt || cooldownHours <= 0) return null;
  const until = new Date(lastActedAt.getTime() + cooldownHours * HOUR_MS);
  return until.getTime() > now.getTime() ? until : null;
}

/** The budget a budget action asks for, from the current one; null when it does not apply. */
export function requestedBudget(
  action: RuleAction,
  currentMinor: number,
): { requestedMinor: number; toMinor: number; cappedBy: "floor" | "ceiling" | null } | null {
  if (action.kind === "set_budget")
    return { requestedMinor: action.amountMinor, toMinor: action.amountMinor, cappedBy: null };
  if (action.kind !== "change_budget") return null;
  const requestedMinor = Math.max(0, Math.round(currentMinor * (1 + action.percent / 100)));
  if (action.ceilingMinor != null && requestedMinor > action.ceilingMinor)
    return { requestedMinor, toMinor: action.ceilingMinor, cappedBy: "ceiling" };
  if (action.floorMinor != null && requestedMinor < action.floorMinor)
    return { requestedMinor, toMinor: action.floorMinor, cappedBy: "floor" };
  return { requestedMinor, toMinor: requestedMinor, cappedBy: null };
}

/** How far the budget may be from the day's first budget today: the tighter of the percent and the amount. */
export function dailyBudgetBand(
  guardrails: Pick<Guardrails, "maxBudgetChangePercentPerDay" | "maxBudgetChangeMinorPerDay">,
  dayFirstMinor: number,
): { minMinor: number; maxMinor: number; limitedBy: "daily_percent" | "daily_amount" } {
  const byPercent = Math.floor((dayFirstMinor * guardrails.maxBudgetChangePercentPerDay) / 100);
  const byAmount = guardrails.maxBudgetChangeMinorPerDay ?? Number.POSITIVE_INFINITY;
  const delta = Math.min(byPercent, byAmount);
  return {
    minMinor: Math.max(0, dayFirstMinor - delta),
    maxMinor: dayFirstMinor + delta,
    limitedBy: byAmount < byPercent ? "daily_amount" : "daily_percent",
  };
}

const dayOf = (timeZone: string, at: Date | string): CalendarDate => calendarDateIn(timeZone, new Date(at));

/** The plan for every fired campaign, in the order given. */
export function planRuleActions(input: {
  actions: readonly RuleAction[];
  guardrails: Guardrails;
  now: Date;
  /** The organization's time zone: "today" for the daily limits. */
  timeZone: string;
  fired: readonly CampaignState[];
  /** The rule's past actions (at least those of the last cooldown and of today). */
  history: readonly PastCampaignAction[];
}): CampaignPlan[] {
  const { guardrails, now, timeZone } = input;
  const today = dayOf(timeZone, now);
  const lastActed = new Map<string, Date>();
  const dayFirstBudget = new Map<string, { at: number; fromMinor: number }>();
  let actedToday = 0;
  for (const past of input.history) {
    const at = new Date(past.at);
    const previous = lastActed.get(past.campaignId);
    if (!previous || previous < at) lastActed.set(past.campaignId, at);
    if (dayOf(timeZone, at) !== today) continue;
    actedToday += 1;
    if (past.budgetFromMinor != null && past.budgetToMinor != null && past.budgetFromMinor !== past.budgetToMinor) {
      const first = dayFirstBudget.get(past.campaignId);
      if (!first || first.at > at.getTime())
        dayFirstBudget.set(past.campaignId, { at: at.getTime(), fromMinor: past.budgetFromMinor });
    }
  }

  const hasChanges = input.actions.some((action) => action.kind !== "notify");
  let actedThisRun = 0;
  return input.fired.map((campaign) => {
    const skip = (reason: CampaignSkipReason, until: Date | null = null): CampaignPlan => ({
      campaignId: campaign.campaignId,
      decision: "skip",
      skipReason: reason,
      cooldownUntil: until?.toISOString() ?? null,
      actions: [],
      skippedActions: [],
    });
    const until = cooldownUntil(lastActed.get(campaign.campaignId) ?? null, guardrails.cooldownHours, now);
    if (until) return skip("cooldown", until);
    const { actions, skippedActions } = planCampaign(input.actions, campaign, guardrails, dayFirstBudget);
    // A notification goes with a change: a rule that changes campaigns says nothing when the
    // campaign is already as it asks (a paused campaign is not reported again every day).
    const changes = actions.filter((action) => action.kind !== "notify");
    if (changes.length === 0 && (actions.length === 0 || hasChanges))
      return { ...skip("nothing_to_do"), skippedActions };
    if (actedThisRun >= guardrails.maxActionsPerRun) return { ...skip("max_actions_per_run"), skippedActions };
    if (actedToday >= guardrails.maxActionsPerDay) return { ...skip("max_actions_per_day"), skippedActions };
    actedThisRun += 1;
    actedToday += 1;
    return {
      campaignId: campaign.campaignId,
      decision: "act",
      skipReason: null,
      cooldownUntil: null,
      actions,
      skippedActions,
    };
  });
}

function planCampaign(
  ruleActions: readonly RuleAction[],
  campaign: CampaignState,
  guardrails: Guardrails,
  dayFirstBudget: Map<string, { fromMinor: number }>,
): { actions: PlannedAction[]; skippedActions: SkippedAction[] } {
  const actions: PlannedAction[] = [];
  const skippedActions: SkippedAction[] = [];
  const has = (label: string) => campaign.labels.some((own) => own.toLocaleLowerCase() === label.toLocaleLowerCase());
  for (const action of ruleActions) {
    switch (action.kind) {
      case "pause":
        if (campaign.status === "paused") skippedActions.push({ kind: action.kind, reason: "already_paused" });
        else actions.push({ kind: "pause", from: campaign.status, to: "paused" });
        break;
      case "enable":
        if (campaign.status === "enabled") skippedActions.push({ kind: action.kind, reason: "already_enabled" });
        else actions.push({ kind: "enable", from: campaign.status, to: "enabled" });
        break;
      case "set_budget":
      case "change_budget": {
        const current = campaign.dailyBudgetMinor;
        if (current === null || current <= 0) {
          skippedActions.push({ kind: action.kind, reason: "no_daily_budget" });
          break;
        }
        const asked = requestedBudget(action, current)!;
        const band = dailyBudgetBand(guardrails, dayFirstBudget.get(campaign.campaignId)?.fromMinor ?? current);
        let toMinor = asked.toMinor;
        let cappedBy: BudgetCap | null = asked.cappedBy;
        if (toMinor > band.maxMinor) {
          toMinor = band.maxMinor;
          cappedBy = band.limitedBy;
        } else if (toMinor < band.minMinor) {
          toMinor = band.minMinor;
          cappedBy = band.limitedBy;
        }
        if (toMinor === current)
          skippedActions.push({
            kind: action.kind,
            reason: asked.toMinor === current ? "no_change" : "daily_budget_limit_reached",
          });
        else
          actions.push({
            kind: action.kind,
            fromMinor: current,
            requestedMinor: asked.requestedMinor,
            toMinor,
            cappedBy,
          });
        break;
      }
      case "add_label":
        if (has(action.label)) skippedActions.push({ kind: action.kind, reason: "has_label" });
        else actions.push({ kind: "add_label", label: action.label });
        break;
      case "remove_label":
        if (!has(action.label)) skippedActions.push({ kind: action.kind, reason: "no_label" });
        else actions.push({ kind: "remove_label", label: action.label });
        break;
      case "notify":
        actions.push({ kind: "notify", channels: [...action.channels] });
        break;
    }
  }
  return { actions, skippedActions };
}
