/**
 * The rule editor's working copy: the rule language (core/rules/rule-definition.ts) with every
 * figure as the text a person types in their locale ("1.234,50" in German), money in major units of
 * the organization's currency and percentages as percents. `draftFromDefinition` fills the editor;
 * draft-to-definition.ts turns it back into the definition core validates.
 */
import { canonicalAmountText } from "#app/lib/i18n/amount-text.ts";
import {
  type Comparand,
  type Condition,
  DEFAULT_GUARDRAILS,
  DEFAULT_LAG,
  type GuardMetric,
  type Match,
  MONEY_METRICS,
  type NotifyChannel,
  type Operator,
  type ReferenceMetric,
  type RuleAction,
  type RuleDefinition,
  type RuleMetric,
  type RuleSchedule,
  type RuleWindow,
} from "#core/rules/rule-definition.ts";
import { currencyExponent } from "#core/shared/money.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

/** Metrics the engine reads as fractions (0.02 = 2%): typed and shown as percents. */
export const PERCENT_METRICS: ReadonlySet<ReferenceMetric> = new Set(["ctr", "budget_utilisation", "mtd_pacing"]);

export type MetricUnit = "money" | "percent" | "ratio" | "count";

export function unitOf(metric: ReferenceMetric): MetricUnit {
  if (MONEY_METRICS.has(metric)) return "money";
  if (PERCENT_METRICS.has(metric)) return "percent";
  if (metric === "roas" || metric === "blended_roas" || metric === "target_roas") return "ratio";
  return "count";
}

export interface WindowDraft {
  kind: RuleWindow["kind"];
  days: string;
}

export interface ConditionDraft {
  key: string;
  metric: RuleMetric;
  operator: Operator;
  comparandKind: Comparand["kind"];
  /** The number compared with, in the metric's unit (major units, percent, ratio or count). */
  value: string;
  factor: string;
  reference: ReferenceMetric;
  window: WindowDraft;
}

export interface GroupDraft {
  key: string;
  match: Match;
  conditions: ConditionDraft[];
}

export interface GuardDraft {
  key: string;
  metric: GuardMetric;
  atLeast: string;
}

export interface ActionDraft {
  key: string;
  kind: RuleAction["kind"];
  amount: string;
  percent: string;
  floor: string;
  ceiling: string;
  label: string;
  channels: NotifyChannel[];
}

export type CampaignSelection = RuleDefinition["scope"]["campaigns"]["kind"];

export interface RuleDraft {
  name: string;
  scope: {
    platforms: AdPlatformId[];
    adAccountIds: string[];
    selection: CampaignSelection;
    campaignIds: string[];
    nameOperator: "contains" | "not_contains";
    nameText: string;
    labels: string[];
  };
  conditions: { match: Match; groups: GroupDraft[] };
  minimumData: GuardDraft[];
  lag: { excludeImmatureDays: boolean; thresholdPercent: string };
  schedule: { kind: RuleSchedule["kind"]; time: string; weekday: string };
  actions: ActionDraft[];
  guardrails: {
    cooldownHours: string;
    maxActionsPerRun: string;
    maxActionsPerDay: string;
    maxBudgetChangePercentPerDay: string;
    maxBudgetChangeAmountPerDay: string;
  };
}

let nextKey = 0;
/** A key for a new row of a list in the editor (React's key; never sent). */
export function newKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}-new-${nextKey}`;
}

export function formatNumberText(value: number, locale: string, maximumFractionDigits = 6): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits, useGrouping: false }).format(value);
}

/** 2550 USD → "25.5"; what a person would type, in their locale. */
export function minorToText(minor: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  return formatNumberText(minor / 10 ** exponent, locale, exponent);
}

/** A number typed in the reader's locale, or null when it is not one (empty included). */
export function parseNumberText(text: string, locale: string): number | null {
  let canonical = canonicalAmountText(text, locale);
  // A point-decimal locale groups thousands with commas ("1,234.50"): those only group digits.
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(canonical)) canonical = canonical.replaceAll(",", "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(canonical)) return null;
  const value = Number(canonical);
  return Number.isFinite(value) ? value : null;
}

/** Major units typed in the reader's locale → whole minor units, or null when it does not parse or has too many decimals. */
export function parseMoneyText(text: string, currency: string, locale: string): number | null {
  const value = parseNumberText(text, locale);
  if (value === null) return null;
  const exponent = currencyExponent(currency);
  const scaled = value * 10 ** exponent;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return null;
  return Math.round(scaled);
}

function comparandToText(metric: ReferenceMetric, value: number, currency: string, locale: string): string {
  switch (unitOf(metric)) {
    case "money":
      return minorToText(value, currency, locale);
    case "percent":
      return formatNumberText(value * 100, locale, 4);
    default:
      return formatNumberText(value, locale);
  }
}

function windowDraft(window: RuleWindow): WindowDraft {
  return { kind: window.kind, days: window.kind === "last_days" ? String(window.days) : "7" };
}

function conditionDraft(condition: Condition, key: string, currency: string, locale: string): ConditionDraft {
  const { comparand } = condition;
  return {
    key,
    metric: condition.metric,
    operator: condition.operator,
    comparandKind: comparand.kind,
    value: comparand.kind === "value" ? comparandToText(condition.metric, comparand.value, currency, locale) : "",
    factor: comparand.kind === "metric" ? formatNumberText(comparand.factor, locale) : "1",
    reference: comparand.kind === "metric" ? comparand.metric : defaultReference(condition.metric),
    window: windowDraft(condition.window),
  };
}

/** The natural "k × metric" partner of a metric: CPA against target CPA, ROAS against target ROAS. */
export function defaultReference(metric: RuleMetric): ReferenceMetric {
  if (metric === "cpa") return "target_cpa";
  if (metric === "roas" || metric === "blended_roas") return "target_roas";
  return metric;
}

export function emptyCondition(): ConditionDraft {
  return {
    key: newKey("condition"),
    metric: "cpa",
    operator: ">",
    comparandKind: "metric",
    value: "",
    factor: "1.5",
    reference: "target_cpa",
    window: { kind: "last_days", days: "3" },
  };
}

export function emptyAction(kind: RuleAction["kind"] = "pause"): ActionDraft {
  return {
    key: newKey("action"),
    kind,
    amount: "",
    percent: "20",
    floor: "",
    ceiling: "",
    label: "",
    channels: ["in_app", "email"],
  };
}

export function emptyGuard(): GuardDraft {
  return { key: newKey("guard"), metric: "spend", atLeast: "" };
}

function actionDraft(action: RuleAction, key: string, currency: string, locale: string): ActionDraft {
  const draft = { ...emptyAction(action.kind), key };
  const money = (minor: number | null) => (minor === null ? "" : minorToText(minor, currency, locale));
  switch (action.kind) {
    case "set_budget":
      return { ...draft, amount: money(action.amountMinor) };
    case "change_budget":
      return {
        ...draft,
        percent: formatNumberText(action.percent, locale),
        floor: money(action.floorMinor),
        ceiling: money(action.ceilingMinor),
      };
    case "add_label":
    case "remove_label":
      return { ...draft, label: action.label };
    case "notify":
      return { ...draft, channels: [...action.channels] };
    default:
      return draft;
  }
}

export function draftFromDefinition(
  name: string,
  definition: RuleDefinition,
  currency: string,
  locale: string,
): RuleDraft {
  const { scope, guardrails } = definition;
  const campaigns = scope.campaigns;
  return {
    name,
    scope: {
      platforms: [...scope.platforms],
      adAccountIds: [...scope.adAccountIds],
      selection: campaigns.kind,
      campaignIds: campaigns.kind === "list" ? [...campaigns.campaignIds] : [],
      nameOperator: campaigns.kind === "name" ? campaigns.operator : "contains",
      nameText: campaigns.kind === "name" ? campaigns.text : "",
      labels: campaigns.kind === "label" ? [...campaigns.labels] : [],
    },
    conditions: {
      match: definition.conditions.match,
      groups: definition.conditions.groups.map((group, groupIndex) => ({
        key: `group-${groupIndex}`,
        match: group.match,
        conditions: group.conditions.map((condition, index) =>
          conditionDraft(condition, `condition-${groupIndex}-${index}`, currency, locale),
        ),
      })),
    },
    minimumData: definition.minimumData.map((guard, index) => ({
      key: `guard-${index}`,
      metric: guard.metric,
      atLeast:
        guard.metric === "spend"
          ? minorToText(guard.atLeast, currency, locale)
          : formatNumberText(guard.atLeast, locale),
    })),
    lag: {
      excludeImmatureDays: definition.lag.excludeImmatureDays,
      thresholdPercent: formatNumberText(definition.lag.completenessThreshold * 100, locale, 2),
    },
    schedule: {
      kind: definition.schedule.kind,
      time: "time" in definition.schedule ? definition.schedule.time : "08:00",
      weekday: definition.schedule.kind === "weekly" ? String(definition.schedule.weekday) : "1",
    },
    actions: definition.actions.map((action, index) => actionDraft(action, `action-${index}`, currency, locale)),
    guardrails: {
      cooldownHours: String(guardrails.cooldownHours),
      maxActionsPerRun: String(guardrails.maxActionsPerRun),
      maxActionsPerDay: String(guardrails.maxActionsPerDay),
      maxBudgetChangePercentPerDay: formatNumberText(guardrails.maxBudgetChangePercentPerDay, locale),
      maxBudgetChangeAmountPerDay:
        guardrails.maxBudgetChangeMinorPerDay === null
          ? ""
          : minorToText(guardrails.maxBudgetChangeMinorPerDay, currency, locale),
    },
  };
}

/** A rule to start from when no template is chosen: pause on a high CPA, in preview. */
export function blankDefinition(): RuleDefinition {
  return {
    scope: { platforms: [], adAccountIds: [], campaigns: { kind: "all" } },
    conditions: {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [
            {
              metric: "cpa",
              operator: ">",
              comparand: { kind: "metric", factor: 1.5, metric: "target_cpa" },
              window: { kind: "last_days", days: 3 },
            },
          ],
        },
      ],
    },
    minimumData: [],
    lag: DEFAULT_LAG,
    schedule: { kind: "hourly" },
    actions: [{ kind: "notify", channels: ["in_app"] }],
    guardrails: DEFAULT_GUARDRAILS,
  };
}
