/** The editor's guardrails: cooldown, actions per run and per day, and the most a budget may move in a day. */
import { useTranslation } from "react-i18next";
import { EditorSection, Field, useEditor } from "./editor-context.tsx";
import { MoneyInput, UnitInput } from "./editor-controls.tsx";
import type { RuleDraft } from "./rule-draft.ts";

type GuardrailKey = keyof RuleDraft["guardrails"];

export function GuardrailsSection() {
  const { t } = useTranslation("rules");
  const { draft, change, options, isReadOnly } = useEditor();
  const field = (key: GuardrailKey) => ({
    disabled: isReadOnly,
    value: draft.guardrails[key],
    onChange: (event: { target: { value: string } }) =>
      change((next) => {
        next.guardrails[key] = event.target.value;
      }),
  });
  return (
    <EditorSection
      id="guardrails"
      title={t("editor.guardrails.title")}
      description={t("editor.guardrails.description")}
      errorPrefix="definition.guardrails"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          path="definition.guardrails.cooldownHours"
          label={t("editor.guardrails.cooldown")}
          hint={t("editor.guardrails.cooldownHint")}
        >
          {(aria) => (
            <UnitInput
              {...aria}
              inputMode="numeric"
              unit={t("units.hours")}
              className="pr-16"
              {...field("cooldownHours")}
            />
          )}
        </Field>
        <Field
          path="definition.guardrails.maxActionsPerRun"
          label={t("editor.guardrails.perRun")}
          hint={t("editor.guardrails.perRunHint")}
        >
          {(aria) => <UnitInput {...aria} inputMode="numeric" unit="" {...field("maxActionsPerRun")} />}
        </Field>
        <Field
          path="definition.guardrails.maxActionsPerDay"
          label={t("editor.guardrails.perDay")}
          hint={t("editor.guardrails.perDayHint")}
        >
          {(aria) => <UnitInput {...aria} inputMode="numeric" unit="" {...field("maxActionsPerDay")} />}
        </Field>
        <Field
          path="definition.guardrails.maxBudgetChangePercentPerDay"
          label={t("editor.guardrails.budgetPercent")}
          hint={t("editor.guardrails.budgetPercentHint")}
        >
          {(aria) => <UnitInput {...aria} unit="%" {...field("maxBudgetChangePercentPerDay")} />}
        </Field>
        <Field
          path="definition.guardrails.maxBudgetChangeMinorPerDay"
          label={t("editor.guardrails.budgetAmount")}
          hint={t("editor.guardrails.budgetAmountHint")}
        >
          {(aria) => <MoneyInput {...aria} currency={options.currency} {...field("maxBudgetChangeAmountPerDay")} />}
        </Field>
      </div>
    </EditorSection>
  );
}
