import { AppError } from "#core/errors/app-error.ts";
import { type RuleDefinition, ruleDefinitionSchema, ruleNameSchema } from "./rule-definition.ts";

export const RULE_INVALID_MESSAGE = "Please correct the highlighted fields.";

/**
 * A rule's name and definition from the editor or the API, untrusted. Bad input is refused with
 * field errors in `details.fieldErrors`, keyed by path ("name", "definition.actions.0.floorMinor"),
 * and nothing is saved.
 */
export function parseRuleInput(input: { name: unknown; definition: unknown }): {
  name: string;
  definition: RuleDefinition;
} {
  const fieldErrors: Record<string, string> = {};
  const name = ruleNameSchema.safeParse(input.name);
  if (!name.success) fieldErrors.name = name.error.issues[0]?.message ?? "Enter a name for the rule.";
  const definition = parseDefinition(input.definition, fieldErrors);
  if (!name.success || !definition || Object.keys(fieldErrors).length > 0)
    throw new AppError("unprocessable_entity", RULE_INVALID_MESSAGE, { title: "Rule not saved", fieldErrors });
  return { name: name.data, definition };
}

/** A definition alone (preview and backtest of an unsaved rule), with the same field errors. */
export function parseRuleDefinition(value: unknown): RuleDefinition {
  const fieldErrors: Record<string, string> = {};
  const definition = parseDefinition(value, fieldErrors);
  if (!definition)
    throw new AppError("unprocessable_entity", RULE_INVALID_MESSAGE, { title: "Rule not valid", fieldErrors });
  return definition;
}

function parseDefinition(value: unknown, fieldErrors: Record<string, string>): RuleDefinition | null {
  const parsed = ruleDefinitionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) fieldErrors[["definition", ...issue.path].join(".")] ??= issue.message;
  return null;
}
