import type { Actor } from "#core/access/actor.ts";
import { parseRuleDefinition } from "./parse-rule-input.ts";
import type { RuleDefinition } from "./rule-definition.ts";
import type { RulePreview } from "./rule-types.ts";
import { countsOf, evaluateRun, type RunRuleDependencies } from "./run-rule.ts";
import { requireRule } from "./save-rule.ts";

/**
 * What the rule would do right now, per campaign, with the evaluated values next to each condition:
 * a saved rule (its cooldowns and daily limits count) or an unsaved definition from the editor.
 * Nothing is stored and nothing is acted on.
 */
export async function previewRule(
  deps: Pick<RunRuleDependencies, "rules" | "engine" | "now">,
  actor: Actor,
  input: { ruleId: string } | { definition: unknown },
): Promise<RulePreview> {
  let ruleId: string | null = null;
  let definition: RuleDefinition;
  if ("ruleId" in input) {
    const rule = await requireRule(deps, actor, input.ruleId);
    ruleId = rule.id;
    definition = rule.definition;
  } else definition = parseRuleDefinition(input.definition);
  const now = deps.now?.() ?? new Date();
  const { today, timeZone, rows } = await evaluateRun(deps, {
    organizationId: actor.organizationId,
    ruleId,
    definition,
    now,
    mode: "preview",
  });
  const campaigns = rows
    .map((row) => ({ ...row, actions: row.actions }))
    .sort((a, b) => Number(b.fired) - Number(a.fired) || a.campaignName.localeCompare(b.campaignName));
  return { generatedAt: now.toISOString(), today, timeZone, counts: countsOf(campaigns), campaigns };
}
