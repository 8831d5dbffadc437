/**
 * The editor's figures as a person types them: every template survives the round trip through the
 * editor's text fields in English and German; money typed in major units reaches core in minor
 * units; percentages typed as percents reach the engine as fractions; a figure that does not parse
 * is reported at the very path core reports its errors under, and core's own errors (a floor above
 * its ceiling) land next to a field the editor shows.
 */
import { describe, expect, it } from "vitest";
import { ruleDefinitionSchema } from "#core/rules/rule-definition.ts";
import { ruleTemplate } from "#core/rules/rule-templates.ts";
import { RULE_TEMPLATE_IDS } from "#core/rules/rule-types.ts";
import { definitionFromDraft } from "./draft-to-definition.ts";
import { blankDefinition, draftFromDefinition, emptyAction, parseMoneyText } from "./rule-draft.ts";
import { fieldPaths } from "./rule-field-paths.ts";
import { checkDraft } from "./rule-validation.ts";

describe("the editor's draft", () => {
  it.each([
    ["en-US", "USD"],
    ["de-DE", "EUR"],
    ["fr-FR", "JPY"],
  ])("gives back every template unchanged (%s, %s)", (locale, currency) => {
    for (const id of RULE_TEMPLATE_IDS) {
      const { name, definition } = ruleTemplate(id);
      const draft = draftFromDefinition(name, definition, currency, locale);
      const checked = checkDraft(draft, currency, locale);
      expect(checked.errors, id).toEqual({});
      expect(ruleDefinitionSchema.parse(checked.definition), id).toEqual(definition);
    }
  });

  it("reads money typed in the reader's locale as minor units of the organization's currency", () => {
    expect(parseMoneyText("1.234,50", "EUR", "de-DE")).toBe(123_450);
    expect(parseMoneyText("1,234.50", "USD", "en-US")).toBe(123_450);
    expect(parseMoneyText("49,9", "EUR", "fr-FR")).toBe(4_990);
    expect(parseMoneyText("1500", "JPY", "en-US")).toBe(1_500);
    // Too many decimals for the currency, or not a number at all.
    expect(parseMoneyText("12.345", "USD", "en-US")).toBeNull();
    expect(parseMoneyText("12.5", "JPY", "en-US")).toBeNull();
    expect(parseMoneyText("twelve", "USD", "en-US")).toBeNull();
  });

  it("sends a budget change with its floor and ceiling in minor units, and CTR typed as a percent as a fraction", () => {
    const draft = draftFromDefinition("Scale", blankDefinition(), "EUR", "de-DE");
    draft.actions = [{ ...emptyAction("change_budget"), percent: "20", floor: "10", ceiling: "1.500,00" }];
    const condition = draft.conditions.groups[0]?.conditions[0];
    if (!condition) throw new Error("the blank rule has a condition");
    Object.assign(condition, { metric: "ctr", comparandKind: "value", value: "1,5" });
    const checked = checkDraft(draft, "EUR", "de-DE");
    expect(checked.errors).toEqual({});
    const definition = ruleDefinitionSchema.parse(checked.definition);
    expect(definition.actions).toEqual([
      { kind: "change_budget", percent: 20, floorMinor: 1_000, ceilingMinor: 150_000 },
    ]);
    expect(definition.conditions.groups[0]?.conditions[0]?.comparand).toEqual({ kind: "value", value: 0.015 });
  });

  it("names an amount that does not parse at core's path, and core's floor-above-ceiling next to the floor field", () => {
    const draft = draftFromDefinition("Scale", blankDefinition(), "USD", "en-US");
    draft.actions = [{ ...emptyAction("change_budget"), floor: "ten dollars", ceiling: "5" }];
    expect(checkDraft(draft, "USD", "en-US").errors).toEqual({
      "definition.actions.0.floorMinor": { kind: "problem", problem: "amount" },
    });
    draft.actions = [{ ...emptyAction("change_budget"), floor: "50", ceiling: "5" }];
    const { errors } = checkDraft(draft, "USD", "en-US");
    expect(errors).toEqual({
      "definition.actions.0.floorMinor": {
        kind: "message",
        message: "The floor is above the ceiling. Lower the floor or raise the ceiling.",
      },
    });
    expect(fieldPaths(draft).has("definition.actions.0.floorMinor")).toBe(true);
  });

  it("leaves an empty required figure to core, whose message names the field", () => {
    const draft = draftFromDefinition("", blankDefinition(), "USD", "en-US");
    draft.guardrails.cooldownHours = "";
    draft.conditions.groups[0]?.conditions.splice(0, 1);
    const { errors } = checkDraft(draft, "USD", "en-US");
    expect(errors.name).toEqual({ kind: "message", message: "Enter a name for the rule." });
    expect(errors["definition.guardrails.cooldownHours"]).toEqual({
      kind: "message",
      message: "Enter a cooldown from 0 to 720 hours.",
    });
    expect(errors["definition.conditions.groups.0.conditions"]).toEqual({
      kind: "message",
      message: "A group needs at least one condition.",
    });
  });

  it("keeps an optional amount left empty as no limit", () => {
    const draft = draftFromDefinition("Watch", blankDefinition(), "USD", "en-US");
    draft.guardrails.maxBudgetChangeAmountPerDay = "";
    const { definition } = definitionFromDraft(draft, "USD", "en-US");
    expect(ruleDefinitionSchema.parse(definition).guardrails.maxBudgetChangeMinorPerDay).toBeNull();
  });
});
