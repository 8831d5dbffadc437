/**
 * A rule made ready for one evaluation context and one "today": each condition's metric codes and
 * its window per ad platform (the lag model moves windows per platform), so judging a campaign is a
 * few subtractions on prefix sums with no allocation. evaluate-rule.ts judges and explains with it.
 */
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import { immatureDays, lagCurveOf } from "./conversion-lag.ts";
import type { EvaluationContext } from "./evaluation-context.ts";
import { CONVERSION_METRICS, type Condition, type Operator, type RuleDefinition } from "./rule-definition.ts";
import { guardValue, METRIC_CODES, metricValue } from "./rule-metrics.ts";
import { dayOfMonth, resolveWindow, type WindowRange } from "./rule-windows.ts";

export const RESULT_FALSE = 0;
export const RESULT_TRUE = 1;
export const RESULT_INSUFFICIENT = 2;
export const RESULT_NO_VALUE = 3;

const OPERATOR_CODES: Record<Operator, number> = { ">": 0, ">=": 1, "<": 2, "<=": 3, "=": 4, "!=": 5 };

export interface CompiledCondition {
  condition: Condition;
  group: number;
  metric: number;
  /** −1: compared with a number. */
  reference: number;
  factor: number;
  value: number;
  operator: number;
  usesLag: boolean;
  /** Per platform index: the window and how many recent days the lag model keeps out. */
  windows: WindowRange[];
  immature: number[];
}

export interface CompiledRule {
  definition: RuleDefinition;
  context: EvaluationContext;
  todayIndex: number;
  today: CalendarDate;
  monthDay: number;
  conditions: CompiledCondition[];
  /** conditions of group g: groupStart[g] … groupStart[g + 1] − 1. */
  groupStart: Int32Array;
  groupAll: boolean[];
  matchAll: boolean;
  guardMetrics: RuleDefinition["minimumData"];
}

/** The index of `asOf` (default: the context's today) among the days the context holds. */
export function todayIndexOf(context: EvaluationContext, asOf?: CalendarDate): number {
  if (!asOf || asOf === context.today) return context.dayCount - 1;
  const index = context.dates.indexOf(asOf);
  if (index < 0) throw new Error(`The context holds ${context.firstDate} … ${context.today}, not ${asOf}.`);
  return index;
}

export function compileRule(definition: RuleDefinition, context: EvaluationContext, asOf?: CalendarDate): CompiledRule {
  const todayIndex = todayIndexOf(context, asOf);
  const today = context.dates[todayIndex] ?? addDays(context.firstDate, todayIndex);
  const monthDay = dayOfMonth(today);
  const conditions: CompiledCondition[] = [];
  const groupStart = new Int32Array(definition.conditions.groups.length + 1);
  const immatureByPlatform = AD_PLATFORM_IDS.map((platform) =>
    immatureDays(lagCurveOf(context.lag, platform), definition.lag.completenessThreshold),
  );
  const countsConversions = (condition: Condition) =>
    condition.metric !== "mtd_pacing" &&
    (CONVERSION_METRICS.has(condition.metric) ||
      (condition.comparand.kind === "metric" && CONVERSION_METRICS.has(condition.comparand.metric)));
  definition.conditions.groups.forEach((group, groupIndex) => {
    groupStart[groupIndex] = conditions.length;
    // Conditions of one group over the same window look at the same days: when the lag model keeps
    // days out of one of them, it keeps them out of all ("0 conversions and spend > target CPA").
    const laggedWindows = new Set(
      group.conditions.filter(countsConversions).map((condition) => windowKey(condition.window)),
    );
    for (const condition of group.conditions) {
      const reference = condition.comparand.kind === "metric" ? condition.comparand.metric : null;
      const usesLag =
        definition.lag.excludeImmatureDays &&
        condition.metric !== "mtd_pacing" &&
        laggedWindows.has(windowKey(condition.window));
      // Month-to-date pacing is over this month whatever the window says.
      const window = condition.metric === "mtd_pacing" ? ({ kind: "this_month" } as const) : condition.window;
      const immature = immatureByPlatform.map((days) => (usesLag ? days : 0));
      conditions.push({
        condition,
        group: groupIndex,
        metric: METRIC_CODES[condition.metric],
        reference: reference === null ? -1 : METRIC_CODES[reference],
        factor: condition.comparand.kind === "metric" ? condition.comparand.factor : 1,
        value: condition.comparand.kind === "value" ? condition.comparand.value : 0,
        operator: OPERATOR_CODES[condition.operator],
        usesLag,
        windows: immature.map((days) => resolveWindow(window, todayIndex, today, days)),
        immature,
      });
    }
  });
  groupStart[definition.conditions.groups.length] = conditions.length;
  return {
    definition,
    context,
    todayIndex,
    today,
    monthDay,
    conditions,
    groupStart,
    groupAll: definition.conditions.groups.map((group) => group.match === "all"),
    matchAll: definition.conditions.match === "all",
    guardMetrics: definition.minimumData,
  };
}

function windowKey(window: Condition["window"]): string {
  return window.kind === "last_days" ? `last_days:${window.days}` : window.kind;
}

export function compare(value: number, operator: number, comparand: number): boolean {
  switch (operator) {
    case 0:
      return value > comparand;
    case 1:
      return value >= comparand;
    case 2:
      return value < comparand;
    case 3:
      return value <= comparand;
    case 4:
      return Math.abs(value - comparand) <= 1e-9 * Math.max(1, Math.abs(value), Math.abs(comparand));
    default:
      return Math.abs(value - comparand) > 1e-9 * Math.max(1, Math.abs(value), Math.abs(comparand));
  }
}

/** One condition for one campaign: RESULT_TRUE, RESULT_FALSE, RESULT_INSUFFICIENT or RESULT_NO_VALUE. */
export function judgeCondition(rule: CompiledRule, compiled: CompiledCondition, campaign: number): number {
  const { context } = rule;
  const platform = context.campaigns[campaign]!.platformIndex;
  const window = compiled.windows[platform < 0 ? 0 : platform]!;
  if (window.end < window.start) return RESULT_INSUFFICIENT;
  for (const guard of rule.guardMetrics)
    if (guardValue(context, guard.metric, campaign, window.start, window.end) < guard.atLeast)
      return RESULT_INSUFFICIENT;
  const value = metricValue(
    context,
    compiled.metric,
    campaign,
    window.start,
    window.end,
    rule.todayIndex,
    rule.monthDay,
  );
  if (Number.isNaN(value)) return RESULT_NO_VALUE;
  let comparand = compiled.value;
  if (compiled.reference >= 0) {
    const reference = metricValue(
      context,
      compiled.reference,
      campaign,
      window.start,
      window.end,
      rule.todayIndex,
      rule.monthDay,
    );
    if (Number.isNaN(reference)) return RESULT_NO_VALUE;
    comparand = compiled.factor * reference;
  }
  return compare(value, compiled.operator, comparand) ? RESULT_TRUE : RESULT_FALSE;
}

/**
 * Three-valued AND/OR (no value counts as false): "all" is false when one is false, else unknown
 * when one is unknown; "any" is true when one is true, else unknown when one is unknown.
 */
export function combine(isAll: boolean, results: ArrayLike<number>, from: number, to: number): number {
  let isUnknown = false;
  for (let index = from; index < to; index += 1) {
    const result = results[index]!;
    if (result === RESULT_INSUFFICIENT) isUnknown = true;
    else if (isAll ? result !== RESULT_TRUE : result === RESULT_TRUE) return isAll ? RESULT_FALSE : RESULT_TRUE;
  }
  if (isUnknown) return RESULT_INSUFFICIENT;
  return isAll ? RESULT_TRUE : RESULT_FALSE;
}

/** The whole rule for one campaign, reusing `scratch` (length ≥ conditions + groups) to avoid allocating. */
export function judgeCampaign(rule: CompiledRule, campaign: number, scratch: Int8Array): number {
  const conditionCount = rule.conditions.length;
  const groups = rule.groupAll.length;
  for (let group = 0; group < groups; group += 1) {
    const from = rule.groupStart[group]!;
    const to = rule.groupStart[group + 1]!;
    const isAll = rule.groupAll[group]!;
    let isUnknown = false;
    let decided = -1;
    for (let index = from; index < to; index += 1) {
      const result = judgeCondition(rule, rule.conditions[index]!, campaign);
      if (result === RESULT_INSUFFICIENT) isUnknown = true;
      else if (isAll ? result !== RESULT_TRUE : result === RESULT_TRUE) {
        decided = isAll ? RESULT_FALSE : RESULT_TRUE;
        break;
      }
    }
    scratch[conditionCount + group] =
      decided >= 0 ? decided : isUnknown ? RESULT_INSUFFICIENT : isAll ? RESULT_TRUE : RESULT_FALSE;
  }
  return combine(rule.matchAll, scratch, conditionCount, conditionCount + groups);
}
