/**
 * The five rule templates: a definition to start from and a default name (English; the UI shows
 * each template's name and description from its own catalog, by id). Amounts are minor units; the
 * options let the caller fit them to the organization's currency and goals.
 *
 * - stop_loss: pause a campaign whose CPA over the last 3 mature days is above 1.5 × its target CPA
 *   (or that spent 1.5 × the target CPA without a conversion), once it spent enough to judge; it is
 *   labelled STOP_LOSS_LABEL so revive can find it.
 * - scale_winners: raise the daily budget 20% (up to a ceiling) when ROAS over the last 7 mature
 *   days is above 1.2 × the target ROAS and the campaign uses most of its budget.
 * - pacing_guard: tell the team when a campaign's month-to-date spend runs 20% ahead of its budget.
 * - revive: enable what the stop-loss paused once its CPA over the last 14 mature days is back at
 *   target, and remove the label.
 * - watch: notify only, when CPA or ROAS drifts 30% / 20% past the target over the last 7 days.
 */
import { DEFAULT_GUARDRAILS, DEFAULT_LAG, type RuleDefinition, type RuleScope } from "./rule-definition.ts";
import type { RuleTemplateId } from "./rule-types.ts";

export const STOP_LOSS_LABEL = "paused-by-stop-loss";

export interface RuleTemplateOptions {
  /** The minimum spend in a window before a rule judges a campaign (minor units); 5000 by default. */
  minimumSpendMinor?: number;
  /** Scale winners' budget ceiling (minor units); 50000 by default. */
  budgetCeilingMinor?: number;
}

export interface RuleTemplate {
  id: RuleTemplateId;
  name: string;
  definition: RuleDefinition;
}

const ALL_CAMPAIGNS: RuleScope = { platforms: [], adAccountIds: [], campaigns: { kind: "all" } };

export function ruleTemplate(id: RuleTemplateId, options: RuleTemplateOptions = {}): RuleTemplate {
  const minimumSpendMinor = options.minimumSpendMinor ?? 5_000;
  const lastDays = (days: number) => ({ kind: "last_days", days }) as const;
  switch (id) {
    case "stop_loss":
      return {
        id,
        name: "Stop-loss: pause when CPA runs high",
        definition: {
          scope: ALL_CAMPAIGNS,
          conditions: {
            match: "any",
            groups: [
              {
                match: "all",
                conditions: [
                  {
                    metric: "cpa",
                    operator: ">",
                    comparand: { kind: "metric", factor: 1.5, metric: "target_cpa" },
                    window: lastDays(3),
                  },
                ],
              },
              {
                match: "all",
                conditions: [
                  { metric: "conversions", operator: "=", comparand: { kind: "value", value: 0 }, window: lastDays(3) },
                  {
                    metric: "spend",
                    operator: ">",
                    comparand: { kind: "metric", factor: 1.5, metric: "target_cpa" },
                    window: lastDays(3),
                  },
                ],
              },
            ],
          },
          minimumData: [{ metric: "spend", atLeast: minimumSpendMinor }],
          lag: DEFAULT_LAG,
          schedule: { kind: "hourly" },
          actions: [
            { kind: "pause" },
            { kind: "add_label", label: STOP_LOSS_LABEL },
            { kind: "notify", channels: ["in_app", "email"] },
          ],
          guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 24, maxActionsPerRun: 10, maxActionsPerDay: 20 },
        },
      };
    case "scale_winners":
      return {
        id,
        name: "Scale winners: raise the budget when ROAS beats target",
        definition: {
          scope: ALL_CAMPAIGNS,
          conditions: {
            match: "all",
            groups: [
              {
                match: "all",
                conditions: [
                  {
                    metric: "roas",
                    operator: ">",
                    comparand: { kind: "metric", factor: 1.2, metric: "target_roas" },
                    window: lastDays(7),
                  },
                  {
                    metric: "budget_utilisation",
                    operator: ">=",
                    comparand: { kind: "value", value: 0.8 },
                    window: lastDays(7),
                  },
                ],
              },
            ],
          },
          minimumData: [
            { metric: "spend", atLeast: minimumSpendMinor },
            { metric: "conversions", atLeast: 10 },
          ],
          lag: DEFAULT_LAG,
          schedule: { kind: "daily", time: "08:00" },
          actions: [
            {
              kind: "change_budget",
              percent: 20,
              floorMinor: null,
              ceilingMinor: options.budgetCeilingMinor ?? 50_000,
            },
            { kind: "notify", channels: ["in_app"] },
          ],
          guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 72, maxBudgetChangePercentPerDay: 20 },
        },
      };
    case "pacing_guard":
      return {
        id,
        name: "Pacing guard: warn when spend runs ahead of budget",
        definition: {
          scope: ALL_CAMPAIGNS,
          conditions: {
            match: "all",
            groups: [
              {
                match: "all",
                conditions: [
                  {
                    metric: "mtd_pacing",
                    operator: ">",
                    comparand: { kind: "value", value: 1.2 },
                    window: { kind: "this_month" },
                  },
                ],
              },
            ],
          },
          minimumData: [{ metric: "spend", atLeast: minimumSpendMinor }],
          lag: DEFAULT_LAG,
          schedule: { kind: "daily", time: "09:00" },
          actions: [{ kind: "notify", channels: ["in_app", "email"] }],
          guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 72 },
        },
      };
    case "revive":
      return {
        id,
        name: "Revive: enable what the stop-loss paused once CPA recovers",
        definition: {
          scope: { platforms: [], adAccountIds: [], campaigns: { kind: "label", labels: [STOP_LOSS_LABEL] } },
          conditions: {
            match: "all",
            groups: [
              {
                match: "all",
                conditions: [
                  {
                    metric: "cpa",
                    operator: "<=",
                    comparand: { kind: "metric", factor: 1, metric: "target_cpa" },
                    window: lastDays(14),
                  },
                ],
              },
            ],
          },
          minimumData: [{ metric: "conversions", atLeast: 3 }],
          lag: DEFAULT_LAG,
          schedule: { kind: "daily", time: "07:00" },
          actions: [
            { kind: "enable" },
            { kind: "remove_label", label: STOP_LOSS_LABEL },
            { kind: "notify", channels: ["in_app"] },
          ],
          guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 48 },
        },
      };
    case "watch":
      return {
        id,
        name: "Watch: tell me when CPA or ROAS drifts from target",
        definition: {
          scope: ALL_CAMPAIGNS,
          conditions: {
            match: "any",
            groups: [
              {
                match: "all",
                conditions: [
                  {
                    metric: "cpa",
                    operator: ">",
                    comparand: { kind: "metric", factor: 1.3, metric: "target_cpa" },
                    window: lastDays(7),
                  },
                ],
              },
              {
                match: "all",
                conditions: [
                  {
                    metric: "roas",
                    operator: "<",
                    comparand: { kind: "metric", factor: 0.8, metric: "target_roas" },
                    window: lastDays(7),
                  },
                ],
              },
            ],
          },
          minimumData: [{ metric: "spend", atLeast: minimumSpendMinor }],
          lag: DEFAULT_LAG,
          schedule: { kind: "daily", time: "09:00" },
          actions: [{ kind: "notify", channels: ["in_app", "email"] }],
          guardrails: { ...DEFAULT_GUARDRAILS, cooldownHours: 24 },
        },
      };
  }
}
