import type { RuleDraft } from "./rule-draft.ts";

/**
 * Every path a field of the editor shows its own error under, for the current draft. An error at
 * any other path is listed at the end of its section, so no message of core's goes unseen.
 */
export function fieldPaths(draft: RuleDraft): Set<string> {
  const paths = new Set<string>(["name"]);
  const add = (...list: string[]) => {
    for (const path of list) paths.add(path);
  };
  const scope = "definition.scope";
  add(`${scope}.platforms`, `${scope}.adAccountIds`, `${scope}.campaigns`);
  if (draft.scope.selection === "list") add(`${scope}.campaigns.campaignIds`);
  if (draft.scope.selection === "name") add(`${scope}.campaigns.text`, `${scope}.campaigns.operator`);
  if (draft.scope.selection === "label") add(`${scope}.campaigns.labels`);
  draft.conditions.groups.forEach((group, groupIndex) => {
    const groupPath = `definition.conditions.groups.${groupIndex}`;
    add(`${groupPath}.conditions`);
    group.conditions.forEach((condition, index) => {
      const path = `${groupPath}.conditions.${index}`;
      add(`${path}.metric`, `${path}.operator`, `${path}.comparand`, `${path}.window`);
      if (condition.comparandKind === "value") add(`${path}.comparand.value`);
      else add(`${path}.comparand.factor`, `${path}.comparand.metric`);
      if (condition.window.kind === "last_days") add(`${path}.window.days`);
    });
  });
  draft.minimumData.forEach((_, index) => {
    add(`definition.minimumData.${index}.metric`, `definition.minimumData.${index}.atLeast`);
  });
  add("definition.lag.completenessThreshold", "definition.lag.excludeImmatureDays", "definition.schedule");
  if (draft.schedule.kind === "daily" || draft.schedule.kind === "weekly") add("definition.schedule.time");
  if (draft.schedule.kind === "weekly") add("definition.schedule.weekday");
  draft.actions.forEach((action, index) => {
    const path = `definition.actions.${index}`;
    add(`${path}.kind`);
    if (action.kind === "set_budget") add(`${path}.amountMinor`);
    if (action.kind === "change_budget") add(`${path}.percent`, `${path}.floorMinor`, `${path}.ceilingMinor`);
    if (action.kind === "add_label" || action.kind === "remove_label") add(`${path}.label`);
    if (action.kind === "notify") add(`${path}.channels`);
  });
  for (const key of Object.keys(draft.guardrails)) {
    add(`definition.guardrails.${key === "maxBudgetChangeAmountPerDay" ? "maxBudgetChangeMinorPerDay" : key}`);
  }
  return paths;
}
