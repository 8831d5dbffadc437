/**
 * The rule engine: pure and synchronous. Given a rule's definition and an evaluation context
 * (evaluation-context.ts), it selects the campaigns in scope and judges each: fired or not, and
 * with `trace: true` why, as JSON the run history stores and the UI shows.
 *
 * - Conditions are in groups; the rule's match combines the groups, each group's match its
 *   conditions. A condition whose window lacks data (no day left after the lag model, or below the
 *   minimum-data guard) is "insufficient_data": unknown in three-valued logic, and a rule whose
 *   outcome is unknown does not act on the campaign. A ratio with a zero denominator, or a missing
 *   goal target, is "no_value" and counts as not met.
 * - Amounts compared with a number are minor units of the campaign's currency (spend ≥ 5000 is
 *   50.00 in USD); ratios are plain numbers (rule-metrics.ts).
 * - Conversion metrics (and any condition comparing with one) leave out the days the lag model
 *   expects less complete than the rule's threshold; the other side of the comparison and the
 *   minimum-data guard use the same days (CPA over mature days = their spend ÷ their conversions).
 *   The trace lists each day left out, its age, expected completeness and the curve's source.
 */
import type { CalendarDate } from "#core/dates/calendar-date.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import {
  type CompiledCondition,
  type CompiledRule,
  combine,
  compileRule,
  judgeCampaign,
  judgeCondition,
  RESULT_TRUE,
} from "./compile-rule.ts";
import { completenessAt, type LagSource, lagCurveOf } from "./conversion-lag.ts";
import type { ContextCampaign, EvaluationContext } from "./evaluation-context.ts";
import type {
  GuardMetric,
  Match,
  Operator,
  ReferenceMetric,
  RuleDefinition,
  RuleMetric,
  RuleWindow,
} from "./rule-definition.ts";
import { guardValue, metricValue, type NoValueReason, noValueReason } from "./rule-metrics.ts";
import { selectCampaignsInScope } from "./rule-scope.ts";

export type ConditionResult = "true" | "false" | "insufficient_data" | "no_value";
export type GroupResult = "true" | "false" | "insufficient_data";

export interface WindowTrace {
  kind: RuleWindow["kind"];
  /** For "last_days". */
  days?: number;
  /** The days the condition used, both included; null when none was left. */
  from: CalendarDate | null;
  to: CalendarDate | null;
  dayCount: number;
  /** A "last N days" window moved back this many days to hold N mature days. */
  shiftedByDays: number;
  /** The history held starts later than the window would: it holds fewer days. */
  isTruncated: boolean;
}

/** A day the lag model left out of a condition, and why. */
export interface ExcludedDay {
  date: CalendarDate;
  ageDays: number;
  expectedCompleteness: number;
  threshold: number;
  platform: AdPlatformId;
  /** Where the platform's curve comes from, and the days behind it. */
  source: LagSource;
  sourceDays: number;
}

export interface GuardTrace {
  metric: GuardMetric;
  atLeast: number;
  actual: number;
  passed: boolean;
}

export type ComparandTrace =
  | { kind: "value"; value: number }
  | {
      kind: "metric";
      metric: ReferenceMetric;
      factor: number;
      /** The referenced metric's value over the same days; null when it has none. */
      metricValue: number | null;
      /** factor × metricValue. */
      value: number | null;
      noValueReason?: NoValueReason;
    };

export interface ConditionTrace {
  metric: RuleMetric;
  operator: Operator;
  /** The metric's value over the window; null when it has none. */
  value: number | null;
  noValueReason?: NoValueReason;
  comparand: ComparandTrace;
  window: WindowTrace;
  result: ConditionResult;
  guards: GuardTrace[];
  /** Whether the lag model applied to this condition (a conversion metric on either side). */
  lagApplied: boolean;
  excludedDays: ExcludedDay[];
}

export interface GroupTrace {
  match: Match;
  result: GroupResult;
  conditions: ConditionTrace[];
}

export type EvaluationReason = "conditions_met" | "conditions_not_met" | "insufficient_data";

export interface EvaluationTrace {
  version: 1;
  /** The organization's date the windows end on, and its time zone. */
  today: CalendarDate;
  timeZone: string;
  evaluatedAt: string;
  currency: string;
  match: Match;
  result: GroupResult;
  reason: EvaluationReason;
  groups: GroupTrace[];
}

export interface CampaignEvaluation {
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  currency: string;
  fired: boolean;
  reason: EvaluationReason;
  /** With `trace: true`. */
  trace: EvaluationTrace | null;
}

export interface RuleEvaluation {
  today: CalendarDate;
  timeZone: string;
  evaluatedAt: string;
  /** Campaigns in scope, in the context's order, each judged. */
  campaigns: CampaignEvaluation[];
  firedCount: number;
}

export interface EvaluateOptions {
  /** Evaluate as if today were this day of the context (the backtest); default the context's today. */
  asOf?: CalendarDate;
  trace?: boolean;
}

const RESULT_NAMES: ConditionResult[] = ["false", "true", "insufficient_data", "no_value"];
const REASONS: EvaluationReason[] = ["conditions_not_met", "conditions_met", "insufficient_data", "conditions_not_met"];

/** Judges every campaign in the rule's scope. */
export function evaluateRule(
  definition: RuleDefinition,
  context: EvaluationContext,
  options: EvaluateOptions = {},
): RuleEvaluation {
  const rule = compileRule(definition, context, options.asOf);
  const scratch = new Int8Array(rule.conditions.length + rule.groupAll.length);
  const evaluatedAt = context.now.toISOString();
  let firedCount = 0;
  const campaigns = selectCampaignsInScope(definition.scope, context.campaigns).map((campaign) => {
    const result = judgeCampaign(rule, campaign.index, scratch);
    if (result === RESULT_TRUE) firedCount += 1;
    return {
      campaignId: campaign.id,
      campaignName: campaign.name,
      platform: campaign.platform,
      currency: campaign.currency,
      fired: result === RESULT_TRUE,
      reason: REASONS[result]!,
      trace: options.trace ? explainCampaign(rule, campaign, evaluatedAt) : null,
    };
  });
  return { today: rule.today, timeZone: context.timeZone, evaluatedAt, campaigns, firedCount };
}

/**
 * The fast path for many rules over one context (the scheduler's batches, the backtest, the bench):
 * the campaigns in scope whose conditions hold, without traces.
 */
export function firedCampaigns(
  definition: RuleDefinition,
  context: EvaluationContext,
  options: { asOf?: CalendarDate; campaigns?: readonly ContextCampaign[] } = {},
): ContextCampaign[] {
  const rule = compileRule(definition, context, options.asOf);
  const scratch = new Int8Array(rule.conditions.length + rule.groupAll.length);
  const fired: ContextCampaign[] = [];
  for (const campaign of selectCampaignsInScope(definition.scope, options.campaigns ?? context.campaigns))
    if (judgeCampaign(rule, campaign.index, scratch) === RESULT_TRUE) fired.push(campaign);
  return fired;
}

/** The trace of one campaign: every condition evaluated, with its values, guards and lag exclusions. */
export function explainCampaign(rule: CompiledRule, campaign: ContextCampaign, evaluatedAt: string): EvaluationTrace {
  const groups: GroupTrace[] = [];
  const groupResults: number[] = [];
  rule.definition.conditions.groups.forEach((group, groupIndex) => {
    const compiled = rule.conditions.filter((condition) => condition.group === groupIndex);
    const results = compiled.map((condition) => judgeCondition(rule, condition, campaign.index));
    const result = combine(group.match === "all", results, 0, results.length);
    groupResults.push(result);
    groups.push({
      match: group.match,
      result: RESULT_NAMES[result] as GroupResult,
      conditions: compiled.map((condition, index) => explainCondition(rule, condition, campaign, results[index]!)),
    });
  });
  const result = combine(rule.matchAll, groupResults, 0, groupResults.length);
  return {
    version: 1,
    today: rule.today,
    timeZone: rule.context.timeZone,
    evaluatedAt,
    currency: campaign.currency,
    match: rule.definition.conditions.match,
    result: RESULT_NAMES[result] as GroupResult,
    reason: REASONS[result]!,
    groups,
  };
}

const orNull = (value: number) => (Number.isNaN(value) ? null : value);

function explainCondition(
  rule: CompiledRule,
  compiled: CompiledCondition,
  campaign: ContextCampaign,
  result: number,
): ConditionTrace {
  const { context } = rule;
  const { condition } = compiled;
  const platformIndex = Math.max(0, campaign.platformIndex);
  const window = compiled.windows[platformIndex]!;
  const hasDays = window.end >= window.start;
  const valueFor = (code: number) =>
    hasDays
      ? metricValue(context, code, campaign.index, window.start, window.end, rule.todayIndex, rule.monthDay)
      : Number.NaN;
  const value = valueFor(compiled.metric);
  const comparand: ComparandTrace =
    condition.comparand.kind === "value"
      ? { kind: "value", value: condition.comparand.value }
      : (() => {
          const reference = valueFor(compiled.reference);
          const metric = condition.comparand.metric;
          return {
            kind: "metric",
            metric,
            factor: condition.comparand.factor,
            metricValue: orNull(reference),
            value: orNull(condition.comparand.factor * reference),
            ...(hasDays && Number.isNaN(reference)
              ? { noValueReason: noValueReason(context, metric, campaign.index) }
              : {}),
          };
        })();
  const curve = lagCurveOf(context.lag, campaign.platform);
  const excludedDays: ExcludedDay[] = [];
  for (let day = window.excludedStart; day <= window.excludedEnd; day += 1) {
    const ageDays = rule.todayIndex - day;
    excludedDays.push({
      date: context.dates[day]!,
      ageDays,
      expectedCompleteness: completenessAt(curve, ageDays),
      threshold: rule.definition.lag.completenessThreshold,
      platform: campaign.platform,
      source: curve.source,
      sourceDays: curve.days,
    });
  }
  const effectiveWindow = condition.metric === "mtd_pacing" ? ({ kind: "this_month" } as const) : condition.window;
  return {
    metric: condition.metric,
    operator: condition.operator,
    value: orNull(value),
    ...(hasDays && Number.isNaN(value)
      ? { noValueReason: noValueReason(context, condition.metric, campaign.index) }
      : {}),
    comparand,
    window: {
      kind: effectiveWindow.kind,
      ...(effectiveWindow.kind === "last_days" ? { days: effectiveWindow.days } : {}),
      from: hasDays ? context.dates[window.start]! : null,
      to: hasDays ? context.dates[window.end]! : null,
      dayCount: hasDays ? window.end - window.start + 1 : 0,
      shiftedByDays: window.shiftedBy,
      isTruncated: window.isTruncated,
    },
    result: RESULT_NAMES[result]!,
    guards: rule.definition.minimumData.map((guard) => {
      const actual = hasDays ? guardValue(context, guard.metric, campaign.index, window.start, window.end) : 0;
      return { metric: guard.metric, atLeast: guard.atLeast, actual, passed: hasDays && actual >= guard.atLeast };
    }),
    lagApplied: compiled.usesLag,
    excludedDays,
  };
}
