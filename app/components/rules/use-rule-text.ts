/**
 * A rule in words, in the reader's language and number format: one condition ("CPA > 1.5 × target
 * CPA · last 3 mature days"), an action ("Change budget by +20%"), a schedule ("Daily at 08:00") and
 * the whole rule on one line ("Pause when (CPA > 1.5 × target CPA) or (conversions = 0 and …)").
 * The conditions keep their structure: a group's conditions are joined by the group's word (and /
 * or), the groups by the rule's; the list's short line names the first condition and how many more.
 */
import type { i18n } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import {
  CONVERSION_METRICS,
  type Condition,
  type Match,
  type ReferenceMetric,
  type RuleAction,
  type RuleDefinition,
  type RuleSchedule,
  type RuleWindow,
} from "#core/rules/rule-definition.ts";
import type { MetricFormat } from "#core/shared/number-format.ts";
import { unitOf } from "./rule-draft.ts";
import { CHANNEL_KEYS, METRIC_KEYS, OPERATOR_SYMBOLS, SCHEDULE_KEYS, weekdayName } from "./rule-words.ts";

/** `t` of the "rules" namespace. */
export type RulesTranslate = i18n["t"];

export function useRuleText(currency: string) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  return useMemo(() => ruleTextFor(t, format, currency), [t, format, currency]);
}

/** The words of `useRuleText`, for a given `t` (the "rules" namespace) and number format. */
export function ruleTextFor(t: RulesTranslate, format: MetricFormat, currency: string) {
  const metric = (name: ReferenceMetric) => t(METRIC_KEYS[name]);
  /** A value in the metric's unit: money in minor units, fractions as percents. */
  const value = (name: ReferenceMetric, amount: number | null) => {
    if (amount === null) return "—";
    switch (unitOf(name)) {
      case "money":
        return format.money(amount, currency);
      case "percent":
        return format.percent(amount, 1);
      case "ratio":
        return format.roas(amount);
      default:
        return format.number(amount);
    }
  };
  const window = (rule: RuleWindow, isMature = false) => {
    switch (rule.kind) {
      case "today":
        return t("windowText.today");
      case "yesterday":
        return t("windowText.yesterday");
      case "this_month":
        return t("windowText.thisMonth");
      default:
        return isMature
          ? t("windowText.lastMatureDays", { count: rule.days })
          : t("windowText.lastDays", { count: rule.days });
    }
  };
  const comparison = (condition: Condition) => {
    const { comparand } = condition;
    const right =
      comparand.kind === "value"
        ? value(condition.metric, comparand.value)
        : `${format.number(comparand.factor)} × ${metric(comparand.metric)}`;
    return `${metric(condition.metric)} ${OPERATOR_SYMBOLS[condition.operator]} ${right}`;
  };
  const condition = (rule: Condition, lag: RuleDefinition["lag"]) => {
    const isMature =
      lag.excludeImmatureDays &&
      (CONVERSION_METRICS.has(rule.metric) ||
        (rule.comparand.kind === "metric" && CONVERSION_METRICS.has(rule.comparand.metric)));
    return `${comparison(rule)} · ${window(rule.window, isMature)}`;
  };
  /**
   * An action in words: on its own ("Add the label “x”", the catalog's actionText) or inside a
   * sentence ("add the label “x”", actionPhrase) for the one-line rule.
   */
  const actionIn = (catalog: keyof typeof ACTION_WORDS, rule: RuleAction) => {
    const keys = ACTION_WORDS[catalog];
    switch (rule.kind) {
      case "pause":
        return t(keys.pause);
      case "enable":
        return t(keys.enable);
      case "set_budget":
        return t(keys.setBudget, { amount: format.money(rule.amountMinor, currency) });
      case "change_budget": {
        const percent = format.change(rule.percent / 100);
        if (rule.floorMinor !== null && rule.ceilingMinor !== null)
          return t(keys.changeBudgetBetween, {
            percent,
            floor: format.money(rule.floorMinor, currency),
            ceiling: format.money(rule.ceilingMinor, currency),
          });
        if (rule.ceilingMinor !== null)
          return t(keys.changeBudgetCeiling, { percent, ceiling: format.money(rule.ceilingMinor, currency) });
        if (rule.floorMinor !== null)
          return t(keys.changeBudgetFloor, { percent, floor: format.money(rule.floorMinor, currency) });
        return t(keys.changeBudget, { percent });
      }
      case "add_label":
        return t(keys.addLabel, { label: rule.label });
      case "remove_label":
        return t(keys.removeLabel, { label: rule.label });
      case "notify":
        return t(keys.notify, {
          channels: format.list(rule.channels.map((channel) => t(CHANNEL_KEYS[channel]))),
        });
    }
  };
  const action = (rule: RuleAction) => actionIn("actionText", rule);
  const actionPhrase = (rule: RuleAction) => actionIn("actionPhrase", rule);
  /** "and" for a group (or rule) that needs all, "or" for any. */
  const joinWord = (match: Match) => (match === "all" ? t("editor.conditions.and") : t("editor.conditions.or"));
  /**
   * The conditions with their structure: "A and B", or with several groups "A or (B and C)". With
   * `isShort`, only the first condition, the word that follows it and how many more there are.
   */
  const conditions = (definition: RuleDefinition, isShort = false) => {
    const { groups, match } = definition.conditions;
    const groupText = (group: RuleDefinition["conditions"]["groups"][number]) =>
      group.conditions.map((item) => condition(item, definition.lag)).join(` ${joinWord(group.match)} `);
    const total = groups.reduce((sum, group) => sum + group.conditions.length, 0);
    const first = groups[0]?.conditions[0];
    if (isShort && first && total > 1) {
      const next = (groups[0]?.conditions.length ?? 0) > 1 ? groups[0]?.match : match;
      return t("ruleText.more", {
        line: `${condition(first, definition.lag)} ${joinWord(next ?? match)} …`,
        count: total - 1,
      });
    }
    if (groups.length === 1 && groups[0]) return groupText(groups[0]);
    return groups
      .map((group) => (group.conditions.length > 1 ? `(${groupText(group)})` : groupText(group)))
      .join(` ${joinWord(match)} `);
  };
  const schedule = (rule: RuleSchedule) => {
    switch (rule.kind) {
      case "daily":
        return t("scheduleText.daily", { time: rule.time });
      case "weekly":
        return t("scheduleText.weekly", { weekday: weekdayName(rule.weekday, format.locale), time: rule.time });
      default:
        return t(SCHEDULE_KEYS[rule.kind]);
    }
  };
  /** The whole rule on one line: exact, or with `isShort` (the list) its first condition and a count. */
  const rule = (definition: RuleDefinition, { isShort = false }: { isShort?: boolean } = {}) => {
    // "pause, add the label “x” and notify": the actions read as one sentence.
    const actions = new Intl.ListFormat(format.locale, { type: "conjunction" }).format(
      definition.actions.map(actionPhrase),
    );
    const hasConditions = definition.conditions.groups.some((group) => group.conditions.length > 0);
    const line = hasConditions ? t("ruleText.line", { actions, condition: conditions(definition, isShort) }) : actions;
    return capitalize(line, format.locale);
  };
  return { metric, value, window, comparison, condition, conditions, joinWord, action, schedule, rule };
}

/** The action's words on their own (actionText) and inside a sentence (actionPhrase). */
const ACTION_WORDS = {
  actionText: {
    pause: "actionText.pause",
    enable: "actionText.enable",
    setBudget: "actionText.setBudget",
    changeBudget: "actionText.changeBudget",
    changeBudgetBetween: "actionText.changeBudgetBetween",
    changeBudgetCeiling: "actionText.changeBudgetCeiling",
    changeBudgetFloor: "actionText.changeBudgetFloor",
    addLabel: "actionText.addLabel",
    removeLabel: "actionText.removeLabel",
    notify: "actionText.notify",
  },
  actionPhrase: {
    pause: "actionPhrase.pause",
    enable: "actionPhrase.enable",
    setBudget: "actionPhrase.setBudget",
    changeBudget: "actionPhrase.changeBudget",
    changeBudgetBetween: "actionPhrase.changeBudgetBetween",
    changeBudgetCeiling: "actionPhrase.changeBudgetCeiling",
    changeBudgetFloor: "actionPhrase.changeBudgetFloor",
    addLabel: "actionPhrase.addLabel",
    removeLabel: "actionPhrase.removeLabel",
    notify: "actionPhrase.notify",
  },
} as const;

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
