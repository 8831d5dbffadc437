/**
 * The editor's draft back into the rule language: figures typed in the reader's locale become
 * numbers (money in minor units, percents as fractions where the engine reads fractions), and a
 * figure that cannot be read is reported under the path core uses for that field.
 */
import {
  type ActionDraft,
  type ConditionDraft,
  parseMoneyText,
  parseNumberText,
  type RuleDraft,
  unitOf,
} from "./rule-draft.ts";

/** Why a typed figure could not be read; the editor words it (rules catalog, `errors.*`). */
export type DraftProblem = "amount" | "number";

export interface DraftResult {
  /** What core validates: the rule language, with what could not be read left out (core then names the field). */
  definition: unknown;
  /** Path ("definition.actions.0.floorMinor") → the problem of a figure that did not parse. */
  problems: Record<string, DraftProblem>;
}

export function definitionFromDraft(draft: RuleDraft, currency: string, locale: string): DraftResult {
  const problems: Record<string, DraftProblem> = {};
  /** A required number: undefined (core's "Enter …" message) when empty, a problem when unreadable. */
  const number = (text: string, path: string): number | undefined => {
    if (text.trim() === "") return undefined;
    const value = parseNumberText(text, locale);
    if (value === null) problems[path] = "number";
    return value ?? undefined;
  };
  const money = (text: string, path: string): number | undefined => {
    if (text.trim() === "") return undefined;
    const value = parseMoneyText(text, currency, locale);
    if (value === null) problems[path] = "amount";
    return value ?? undefined;
  };
  /** An optional amount: empty means none (null). */
  const optionalMoney = (text: string, path: string): number | null | undefined =>
    text.trim() === "" ? null : money(text, path);

  const scope = draft.scope;
  const campaigns = (() => {
    switch (scope.selection) {
      case "list":
        return { kind: "list", campaignIds: scope.campaignIds };
      case "name":
        return { kind: "name", operator: scope.nameOperator, text: scope.nameText };
      case "label":
        return { kind: "label", labels: scope.labels };
      default:
        return { kind: "all" };
    }
  })();

  const conditionOf = (condition: ConditionDraft, path: string) => {
    const unit = unitOf(condition.metric);
    const valuePath = `${path}.comparand.value`;
    const comparand =
      condition.comparandKind === "metric"
        ? { kind: "metric", factor: number(condition.factor, `${path}.comparand.factor`), metric: condition.reference }
        : {
            kind: "value",
            value:
              unit === "money"
                ? money(condition.value, valuePath)
                : unit === "percent"
                  ? scaled(number(condition.value, valuePath), 1 / 100)
                  : number(condition.value, valuePath),
          };
    const window =
      condition.window.kind === "last_days"
        ? { kind: "last_days", days: number(condition.window.days, `${path}.window.days`) }
        : { kind: condition.window.kind };
    return { metric: condition.metric, operator: condition.operator, comparand, window };
  };

  const actionOf = (action: ActionDraft, path: string) => {
    switch (action.kind) {
      case "set_budget":
        return { kind: action.kind, amountMinor: money(action.amount, `${path}.amountMinor`) };
      case "change_budget":
        return {
          kind: action.kind,
          percent: number(action.percent, `${path}.percent`),
          floorMinor: optionalMoney(action.floor, `${path}.floorMinor`),
          ceilingMinor: optionalMoney(action.ceiling, `${path}.ceilingMinor`),
        };
      case "add_label":
      case "remove_label":
        return { kind: action.kind, label: action.label };
      case "notify":
        return { kind: action.kind, channels: action.channels };
      default:
        return { kind: action.kind };
    }
  };

  const schedule =
    draft.schedule.kind === "daily"
      ? { kind: "daily", time: draft.schedule.time }
      : draft.schedule.kind === "weekly"
        ? { kind: "weekly", weekday: Number(draft.schedule.weekday), time: draft.schedule.time }
        : { kind: draft.schedule.kind };

  const guardrails = draft.guardrails;
  const definition = {
    scope: { platforms: scope.platforms, adAccountIds: scope.adAccountIds, campaigns },
    conditions: {
      match: draft.conditions.match,
      groups: draft.conditions.groups.map((group, groupIndex) => ({
        match: group.match,
        conditions: group.conditions.map((condition, index) =>
          conditionOf(condition, `definition.conditions.groups.${groupIndex}.conditions.${index}`),
        ),
      })),
    },
    minimumData: draft.minimumData.map((guard, index) => {
      const path = `definition.minimumData.${index}.atLeast`;
      return {
        metric: guard.metric,
        atLeast: guard.metric === "spend" ? money(guard.atLeast, path) : number(guard.atLeast, path),
      };
    }),
    lag: {
      excludeImmatureDays: draft.lag.excludeImmatureDays,
      completenessThreshold: scaled(
        number(draft.lag.thresholdPercent, "definition.lag.completenessThreshold"),
        1 / 100,
      ),
    },
    schedule,
    actions: draft.actions.map((action, index) => actionOf(action, `definition.actions.${index}`)),
    guardrails: {
      cooldownHours: number(guardrails.cooldownHours, "definition.guardrails.cooldownHours"),
      maxActionsPerRun: number(guardrails.maxActionsPerRun, "definition.guardrails.maxActionsPerRun"),
      maxActionsPerDay: number(guardrails.maxActionsPerDay, "definition.guardrails.maxActionsPerDay"),
      maxBudgetChangePercentPerDay: number(
        guardrails.maxBudgetChangePercentPerDay,
        "definition.guardrails.maxBudgetChangePercentPerDay",
      ),
      maxBudgetChangeMinorPerDay: optionalMoney(
        guardrails.maxBudgetChangeAmountPerDay,
        "definition.guardrails.maxBudgetChangeMinorPerDay",
      ),
    },
  };
  return { definition, problems };
}

function scaled(value: number | undefined, factor: number): number | undefined {
  // 12.3 / 100 must read 0.123, not 0.12300000000000001.
  return value === undefined ? undefined : Number((value * factor).toPrecision(12));
}
