/**
 * A rule's conditions with their structure, for the editor's "This rule" panel: each group a block
 * whose conditions are joined by the group's word (and / or), the groups joined by the rule's.
 * The stop-loss reads "CPA > 1.5 × target CPA — or — (conversions = 0 and spend > 1.5 × target CPA)".
 */
import type { RuleDefinition } from "#core/rules/rule-definition.ts";
import { useRuleText } from "./use-rule-text.ts";

export function ConditionsSummary({ definition, currency }: { definition: RuleDefinition; currency: string }) {
  const text = useRuleText(currency);
  const { groups, match } = definition.conditions;
  const isGrouped = groups.length > 1;
  return (
    <ol className="grid gap-1.5">
      {groups.map((group, groupIndex) => (
        <li key={groupIndex} className="grid gap-1.5">
          {groupIndex > 0 ? <JoinWord word={text.joinWord(match)} isStrong /> : null}
          <ol className={isGrouped ? "grid gap-1 border-primary/40 border-l-2 pl-2.5" : "grid gap-1"}>
            {group.conditions.map((condition, index) => (
              <li key={index} className="break-words">
                {index > 0 ? <JoinWord word={text.joinWord(group.match)} /> : null}
                {text.condition(condition, definition.lag)}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** "and" / "or" between two conditions (inline) or two groups (a line of its own). */
function JoinWord({ word, isStrong = false }: { word: string; isStrong?: boolean }) {
  return isStrong ? (
    <span className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">{word}</span>
  ) : (
    <span className="mr-1.5 font-medium text-muted-foreground text-xs uppercase">{word}</span>
  );
}
