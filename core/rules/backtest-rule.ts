/**
 * The backtest: a rule replayed day by day over the last N complete days of synced history (the N
 * days before the context's today), as if it had run once on each day D, with D as "today": its
 * windows end relative to D and the lag model ages days against D (on D, D's recent days were
 * immature, so they are left out as they would have been).
 *
 * The replay keeps a simulated state of the campaigns it acted on: a paused campaign stays paused
 * (until the rule enables it), a budget change stays, labels added or removed change which
 * campaigns a label scope selects, and the guardrails (cooldown, limits, daily budget cap) see the
 * simulated past actions. Conditions are judged on the recorded history, which is what the rule
 * would have seen up to its first action.
 *
 * The effect is an ESTIMATE from the recorded days after each action (D + 1 … the last replayed day):
 * - paused: that day's spend counts as saved, and its conversions and revenue as at stake (lost);
 * - budget changed by a factor f of the budget at the start: spend, conversions and revenue move by
 *   (1 − f) of the recorded day when lowered (saved / lost), and by (f − 1) when raised, at most
 *   the recorded day's own amount (added), at the recorded CPA and ROAS.
 * A campaign's simulated status on a day it was not acted on is "enabled" when it spent or showed
 * ads that day, else its status now. Same context and rule, same result: nothing here reads a clock.
 */
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { compileRule, judgeCampaign, RESULT_TRUE } from "./compile-rule.ts";
import type { ContextCampaign, EvaluationContext } from "./evaluation-context.ts";
import { MAX_WINDOW_DAYS, type RuleDefinition } from "./rule-definition.ts";
import {
  type CampaignSkipReason,
  type PastCampaignAction,
  type PlannedAction,
  planRuleActions,
} from "./rule-guardrails.ts";
import { sumOf } from "./rule-metrics.ts";
import { selectCampaignsInScope } from "./rule-scope.ts";

export interface BacktestFiring {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  actions: PlannedAction[];
}

export interface BacktestDay {
  date: CalendarDate;
  inScope: number;
  /** Campaigns whose conditions held that day. */
  fired: number;
  /** The campaigns it would have acted on, with what it would have done. */
  acted: BacktestFiring[];
  /** Fired but held back, per reason (cooldown, limits, nothing left to do). */
  skipped: Partial<Record<CampaignSkipReason, number>>;
}

/** The estimated effect in one currency (never summed across currencies). */
export interface BacktestEffect {
  currency: string;
  spendSavedMinor: number;
  spendAddedMinor: number;
  conversionsLost: number;
  conversionsAdded: number;
  revenueLostMinor: number;
  revenueAddedMinor: number;
}

export interface BacktestResult {
  from: CalendarDate;
  to: CalendarDate;
  days: BacktestDay[];
  /** Days on which it acted, campaigns it acted on at least once, and actions planned. */
  totals: { daysActed: number; campaignsActed: number; firings: number };
  /** Estimated from the recorded history after each action; see backtest-rule.ts. */
  estimate: { isEstimate: true; effects: BacktestEffect[] };
}

const DAY_MS = 86_400_000;

interface SimulatedCampaign extends ContextCampaign {
  /** Paused by the replay (from the day after the action). */
  pausedByRule: boolean;
  startBudgetMinor: number | null;
}

export function backtestRule(
  definition: RuleDefinition,
  context: EvaluationContext,
  options: { days: number },
): BacktestResult {
  const todayIndex = context.dayCount - 1;
  const days = Math.max(1, Math.min(MAX_WINDOW_DAYS, Math.floor(options.days), todayIndex));
  const firstIndex = todayIndex - days;
  const lastIndex = todayIndex - 1;
  const stride = context.dayCount + 1;
  const { series } = context;
  // The replay's own copies: its actions change them, never the caller's context.
  const simulated: SimulatedCampaign[] = context.campaigns.map((campaign) => ({
    ...campaign,
    labels: [...campaign.labels],
    pausedByRule: false,
    startBudgetMinor: campaign.dailyBudgetMinor,
  }));
  const simulatedContext: EvaluationContext = { ...context, campaigns: simulated };
  const byId = new Map(simulated.map((campaign) => [campaign.id, campaign]));
  const history: PastCampaignAction[] = [];
  const effects = new Map<string, BacktestEffect>();
  const actedCampaigns = new Set<string>();
  const result: BacktestDay[] = [];
  let firings = 0;

  const effectOf = (currency: string) => {
    let effect = effects.get(currency);
    if (!effect) {
      effect = {
        currency,
        spendSavedMinor: 0,
        spendAddedMinor: 0,
        conversionsLost: 0,
        conversionsAdded: 0,
        revenueLostMinor: 0,
        revenueAddedMinor: 0,
      };
      effects.set(currency, effect);
    }
    return effect;
  };

  for (let day = firstIndex; day <= lastIndex; day += 1) {
    const date = context.dates[day]!;
    // The effect of earlier actions on this day's recorded figures.
    for (const campaign of simulated) {
      if (!campaign.pausedByRule && campaign.dailyBudgetMinor === campaign.startBudgetMinor) continue;
      const spend = sumOf(series.spend, campaign.index, stride, day, day);
      const conversions = sumOf(series.conversions, campaign.index, stride, day, day);
      const revenue = sumOf(series.revenue, campaign.index, stride, day, day);
      const effect = effectOf(campaign.currency);
      const factor = campaign.pausedByRule
        ? 0
        : (campaign.dailyBudgetMinor ?? 0) / Math.max(1, campaign.startBudgetMinor ?? 0);
      if (factor < 1) {
        effect.spendSavedMinor += spend * (1 - factor);
        effect.conversionsLost += conversions * (1 - factor);
        effect.revenueLostMinor += revenue * (1 - factor);
      } else if (factor > 1) {
        const share = Math.min(1, factor - 1);
        effect.spendAddedMinor += spend * share;
        effect.conversionsAdded += conversions * share;
        effect.revenueAddedMinor += revenue * share;
      }
    }
    // The rule on day D, as if today were D.
    for (const campaign of simulated)
      if (!campaign.pausedByRule)
        campaign.status =
          sumOf(series.spend, campaign.index, stride, day, day) > 0 ||
          sumOf(series.impressions, campaign.index, stride, day, day) > 0
            ? "enabled"
            : context.campaigns[campaign.index]!.status;
    const rule = compileRule(definition, simulatedContext, date);
    const scratch = new Int8Array(rule.conditions.length + rule.groupAll.length);
    const inScope = selectCampaignsInScope(definition.scope, simulated);
    const fired = inScope.filter((campaign) => judgeCampaign(rule, campaign.index, scratch) === RESULT_TRUE);
    const now = new Date(context.now.getTime() - (todayIndex - day) * DAY_MS);
    const plans = planRuleActions({
      actions: definition.actions,
      guardrails: definition.guardrails,
      now,
      timeZone: context.timeZone,
      fired: fired.map((campaign) => ({
        campaignId: campaign.id,
        status: campaign.status,
        dailyBudgetMinor: campaign.dailyBudgetMinor,
        labels: campaign.labels,
      })),
      history,
    });
    const acted: BacktestFiring[] = [];
    const skipped: BacktestDay["skipped"] = {};
    for (const plan of plans) {
      if (plan.decision === "skip") {
        const reason = plan.skipReason!;
        skipped[reason] = (skipped[reason] ?? 0) + 1;
        continue;
      }
      const campaign = byId.get(plan.campaignId)!;
      let budgetFromMinor: number | null = null;
      let budgetToMinor: number | null = null;
      for (const action of plan.actions) applyAction(campaign, action);
      for (const action of plan.actions)
        if (action.kind === "set_budget" || action.kind === "change_budget") {
          budgetFromMinor = action.fromMinor;
          budgetToMinor = action.toMinor;
        }
      history.push({ campaignId: campaign.id, at: now, budgetFromMinor, budgetToMinor });
      actedCampaigns.add(campaign.id);
      firings += 1;
      acted.push({
        campaignId: campaign.id,
        campaignName: campaign.name,
        platform: campaign.platform,
        currency: campaign.currency,
        actions: plan.actions,
      });
    }
    result.push({ date, inScope: inScope.length, fired: fired.length, acted, skipped });
  }

  const round = (value: number) => Math.round(value);
  const roundConversions = (value: number) => Math.round(value * 100) / 100;
  return {
    from: context.dates[firstIndex]!,
    to: context.dates[lastIndex]!,
    days: result,
    totals: {
      daysActed: result.filter((day) => day.acted.length > 0).length,
      campaignsActed: actedCampaigns.size,
      firings,
    },
    estimate: {
      isEstimate: true,
      effects: [...effects.values()]
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((effect) => ({
          currency: effect.currency,
          spendSavedMinor: round(effect.spendSavedMinor),
          spendAddedMinor: round(effect.spendAddedMinor),
          conversionsLost: roundConversions(effect.conversionsLost),
          conversionsAdded: roundConversions(effect.conversionsAdded),
          revenueLostMinor: round(effect.revenueLostMinor),
          revenueAddedMinor: round(effect.revenueAddedMinor),
        })),
    },
  };
}

function applyAction(campaign: SimulatedCampaign, action: PlannedAction): void {
  switch (action.kind) {
    case "pause":
      campaign.pausedByRule = true;
      campaign.status = "paused";
      break;
    case "enable":
      campaign.pausedByRule = false;
      campaign.status = "enabled";
      break;
    case "set_budget":
    case "change_budget":
      campaign.dailyBudgetMinor = action.toMinor;
      break;
    case "add_label":
      campaign.labels = [...campaign.labels, action.label];
      break;
    case "remove_label":
      campaign.labels = campaign.labels.filter(
        (label) => label.toLocaleLowerCase() !== action.label.toLocaleLowerCase(),
      );
      break;
    case "notify":
      break;
  }
}
