/**
 * A rule in words, in the reader's language and number format: one condition ("CPA > 1.5 × target
 * CPA · last 3 mature days"), an action ("Change budget by +20%"), a schedule ("Daily at 08:00") and
 * the whole rule on one line for the list ("Pause when CPA > 1.5 × target CPA · last 3 mature days").
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import {
  CONVERSION_METRICS,
  type Condition,
  type ReferenceMetric,
  type RuleAction,
  type RuleDefinition,
  type RuleSchedule,
  type RuleWindow,
} from "#core/rules/rule-definition.ts";
import { unitOf } from "./rule-draft.ts";
import { CHANNEL_KEYS, METRIC_KEYS, OPERATOR_SYMBOLS, SCHEDULE_KEYS, weekdayName } from "./rule-words.ts";

export function useRuleText(currency: string) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  return useMemo(() => {
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
    const action = (rule: RuleAction) => {
      switch (rule.kind) {
        case "pause":
          return t("actionText.pause");
        case "enable":
          return t("actionText.enable");
        case "set_budget":
          return t("actionText.setBudget", { amount: format.money(rule.amountMinor, currency) });
        case "change_budget": {
          const percent = format.change(rule.percent / 100);
          if (rule.floorMinor !== null && rule.ceilingMinor !== null)
            return t("actionText.changeBudgetBetween", {
              percent,
              floor: format.money(rule.floorMinor, currency),
              ceiling: format.money(rule.ceilingMinor, currency),
            });
          if (rule.ceilingMinor !== null)
            return t("actionText.changeBudgetCeiling", { percent, ceiling: format.money(rule.ceilingMinor, currency) });
          if (rule.floorMinor !== null)
            return t("actionText.changeBudgetFloor", { percent, floor: format.money(rule.floorMinor, currency) });
          return t("actionText.changeBudget", { percent });
        }
        case "add_label":
          return t("actionText.addLabel", { label: rule.label });
        case "remove_label":
          return t("actionText.removeLabel", { label: rule.label });
        case "notify":
          return t("actionText.notify", {
            channels: format.list(rule.channels.map((channel) => t(CHANNEL_KEYS[channel]))),
          });
      }
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
    const rule = (definition: RuleDefinition) => {
      const conditions = definition.conditions.groups.flatMap((group) => group.conditions);
      const first = conditions[0];
      const actions = format.list(definition.actions.map(action));
      if (!first) return actions;
      const line = t("ruleText.line", { actions, condition: condition(first, definition.lag) });
      return conditions.length > 1 ? t("ruleText.more", { line, count: conditions.length - 1 }) : line;
    };
    return { metric, value, window, comparison, condition, action, schedule, rule };
  }, [t, format, currency]);
}
