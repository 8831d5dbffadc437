import { Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import {
  type BudgetPlanSettings,
  budgetPlanSettingsSchema,
  fieldErrorsOf,
  OBJECTIVES,
  PACING_CURVES,
  PLAN_MODES,
  REVENUE_SOURCES,
} from "#core/budgets/budget-plan-schema.ts";
import { PlanField, Segmented, UnitInput } from "./plan-fields.tsx";
import { usePlanSubmit } from "./plan-submit.ts";
import type { PlanPageData } from "./plan-types.ts";

/** Each choice's words in the "budgets" catalog. */
const LABELS = {
  objective: { conversions: "settings.objectiveConversions", revenue: "settings.objectiveRevenue" },
  revenueSource: { platform: "settings.revenuePlatform", store: "settings.revenueStore" },
  mode: { maximize: "settings.modeMaximize", target: "settings.modeTarget" },
  pacingCurve: { even: "settings.curveEven", weekday: "settings.curveWeekday" },
} as const;

/** Percentages as typed ("30", "2.5"); the plan keeps fractions. */
const toPercentText = (fraction: number) => String(Math.round(fraction * 1000) / 10);
const fromPercentText = (text: string, locale: string) => {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value;
  const trimmed = text.trim();
  const cleaned = decimal === "," ? trimmed.replace(",", ".") : trimmed;
  return cleaned === "" || Number.isNaN(Number(cleaned)) ? Number.NaN : Number(cleaned) / 100;
};

/** The plan's objective, mode, pacing curve and guardrails; members see it read-only. */
export function PlanSettingsForm({ plan, canManage }: { plan: PlanPageData; canManage: boolean }) {
  const { t } = useTranslation("budgets");
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState<BudgetPlanSettings>(plan.settings);
  const [percents, setPercents] = useState({
    maxDailyChange: toPercentText(plan.settings.maxDailyChange),
    explorationShare: toPercentText(plan.settings.explorationShare),
    maxAutoChangesPerDay: String(plan.settings.maxAutoChangesPerDay),
  });
  const { submit, isPending, fieldErrors, setFieldErrors } = usePlanSubmit({ successToast: t("settings.saved") });
  const set = <Key extends keyof BudgetPlanSettings>(key: Key, value: BudgetPlanSettings[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (key: keyof BudgetPlanSettings) => fieldErrors[key];
  const hasTarget = plan.target !== null;
  const disabled = !canManage;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = {
      ...values,
      maxDailyChange: fromPercentText(percents.maxDailyChange, locale),
      explorationShare: fromPercentText(percents.explorationShare, locale),
      maxAutoChangesPerDay: Number(percents.maxAutoChangesPerDay.trim() || Number.NaN),
    };
    const parsed = budgetPlanSettingsSchema.safeParse(form);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      setFieldErrors(
        Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, translateMessage(t, message)])),
      );
      return;
    }
    submit("settings", { values: parsed.data });
  };

  const choice = <Key extends keyof typeof LABELS>(key: Key, options: readonly BudgetPlanSettings[Key][]) => (
    <Segmented
      labelId={`${id}-${key}`}
      value={values[key] as string}
      disabled={disabled}
      options={options.map((option) => ({
        value: option as string,
        label: t((LABELS[key] as Record<string, string>)[option as string] ?? ""),
        disabled: key === "mode" && option === "target" && !hasTarget,
      }))}
      onChange={(next) => set(key, next as BudgetPlanSettings[Key])}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`}>{t("settings.title")}</h2>
          </CardTitle>
          <CardDescription>{t("settings.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <Choice labelId={`${id}-objective`} label={t("settings.objective")} error={errorOf("objective")}>
            {choice("objective", OBJECTIVES)}
          </Choice>
          {values.objective === "revenue" ? (
            <Choice
              labelId={`${id}-revenueSource`}
              label={t("settings.revenueSource")}
              hint={t("settings.revenueHint")}
              error={errorOf("revenueSource")}
            >
              {choice("revenueSource", REVENUE_SOURCES)}
            </Choice>
          ) : null}
          <Choice
            labelId={`${id}-mode`}
            label={t("settings.mode")}
            hint={hasTarget ? t("settings.modeHint") : t("settings.targetNeeded")}
            error={errorOf("mode")}
            className="sm:col-start-1"
          >
            {choice("mode", PLAN_MODES)}
          </Choice>
          <Choice
            labelId={`${id}-pacingCurve`}
            label={t("settings.curve")}
            hint={t("settings.curveHint")}
            error={errorOf("pacingCurve")}
          >
            {choice("pacingCurve", PACING_CURVES)}
          </Choice>
          <PlanField
            id={`${id}-change`}
            label={t("settings.maxDailyChange")}
            hint={t("settings.maxDailyChangeHint")}
            error={errorOf("maxDailyChange")}
          >
            {(aria) => (
              <UnitInput
                unit="%"
                unitPosition="end"
                inputMode="decimal"
                disabled={disabled}
                value={percents.maxDailyChange}
                onChange={(event) => setPercents((current) => ({ ...current, maxDailyChange: event.target.value }))}
                {...aria}
              />
            )}
          </PlanField>
          <PlanField
            id={`${id}-exploration`}
            label={t("settings.exploration")}
            hint={t("settings.explorationHint")}
            error={errorOf("explorationShare")}
          >
            {(aria) => (
              <UnitInput
                unit="%"
                unitPosition="end"
                inputMode="decimal"
                disabled={disabled}
                value={percents.explorationShare}
                onChange={(event) => setPercents((current) => ({ ...current, explorationShare: event.target.value }))}
                {...aria}
              />
            )}
          </PlanField>
          <Toggle
            id={`${id}-rebalance`}
            label={t("settings.rebalance")}
            hint={t("settings.rebalanceHint")}
            checked={values.rebalanceDaily}
            disabled={disabled}
            onChange={(checked) => set("rebalanceDaily", checked)}
          />
          <Toggle
            id={`${id}-auto`}
            label={t("settings.autoApply")}
            hint={t("settings.autoApplyHint")}
            checked={values.autoApply}
            disabled={disabled}
            onChange={(checked) => set("autoApply", checked)}
          />
          {values.autoApply ? (
            <PlanField
              id={`${id}-maxAuto`}
              label={t("settings.maxAutoChanges")}
              hint={t("settings.maxAutoChangesHint")}
              error={errorOf("maxAutoChangesPerDay")}
              className="sm:col-start-2"
            >
              {(aria) => (
                <UnitInput
                  unit="×"
                  unitPosition="end"
                  inputMode="numeric"
                  disabled={disabled}
                  value={percents.maxAutoChangesPerDay}
                  onChange={(event) =>
                    setPercents((current) => ({ ...current, maxAutoChangesPerDay: event.target.value }))
                  }
                  {...aria}
                />
              )}
            </PlanField>
          ) : null}
        </CardContent>
        {canManage ? (
          <CardFooter className="flex-wrap justify-between gap-3 border-t">
            <p className="text-muted-foreground text-xs">
              {plan.updatedByLabel ? t("settings.updated", { name: plan.updatedByLabel }) : null}
            </p>
            <SubmitButton
              isPending={isPending}
              pendingLabel={t("settings.saving")}
              icon={<Save aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              {t("settings.save")}
            </SubmitButton>
          </CardFooter>
        ) : null}
      </Card>
    </form>
  );
}

function Choice({
  labelId,
  label,
  hint,
  error,
  className,
  children,
}: {
  labelId: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ? `grid content-start gap-2 ${className}` : "grid content-start gap-2"}>
      <span id={labelId} className="font-medium text-sm leading-none">
        {label}
      </span>
      {children}
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
    </div>
  );
}

function Toggle({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3">
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium text-sm leading-none">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}
