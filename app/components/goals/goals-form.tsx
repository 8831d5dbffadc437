import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Save, Trash2 } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useEffect, useId, useRef } from "react";
import { Controller, type FieldPath, type UseFormReturn, useFieldArray, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { PermissionNote, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { PlatformLogo } from "#app/components/integrations/platform-logo.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import { canonicalAmountText } from "#app/lib/i18n/amount-text.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { findListing } from "#core/connections/platform-catalog.ts";
import {
  type GoalsFormInput,
  type GoalsFormOutput,
  goalsFormSchema,
  MAX_TARGET_ROAS,
  MIN_TARGET_ROAS,
  TARGET_KINDS,
  type TargetKindChoice,
} from "#core/goals/goal-schema.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import { currencySymbolOf, emptyGoalEntry } from "./goal-values.ts";

export type GoalsActionResult = { ok: true; values: GoalsFormInput } | ActionRefusal;

/** Each target choice's label: "ROAS" and "CPA" read the same in every language. */
const TARGET_LABELS: Record<TargetKindChoice, { key: string } | { text: string }> = {
  none: { key: "form.noTarget" },
  roas: { text: "ROAS" },
  cpa: { text: "CPA" },
};

/** Core's message for a target ROAS out of range, which carries the limits: worded in the catalog. */
const ROAS_RANGE_MESSAGE = `Target ROAS is a number from ${MIN_TARGET_ROAS} to ${MAX_TARGET_ROAS}.`;

/**
 * The organization's goal and the optional per-platform goals, validated here with the server's
 * schema and again by the action. Saving replaces the whole set.
 */
export function GoalsForm({
  values,
  connectedPlatforms,
}: {
  values: GoalsFormInput;
  connectedPlatforms: AdPlatformId[];
}) {
  const { t } = useTranslation("goals");
  const fetcher = useFetcher<GoalsActionResult>();
  const locale = useLocale();
  // Amounts are typed in the reader's locale ("49,90"); the schema (and the server) read them canonically.
  const canonical = (input: GoalsFormInput): GoalsFormInput => ({
    ...input,
    goals: input.goals.map((goal) => ({
      ...goal,
      targetRoas: canonicalAmountText(goal.targetRoas, locale),
      targetCpa: canonicalAmountText(goal.targetCpa, locale),
      monthlyBudget: canonicalAmountText(goal.monthlyBudget, locale),
    })),
  });
  const schemaResolver = zodResolver(goalsFormSchema);
  const form = useForm<GoalsFormInput, unknown, GoalsFormOutput>({
    resolver: (input, context, options) => schemaResolver(canonical(input), context, options),
    defaultValues: values,
    mode: "onTouched",
  });
  const platformGoals = useFieldArray({ control: form.control, name: "goals" });
  const isSaving = fetcher.state !== "idle";
  const symbol = currencySymbolOf(values.currency);

  // Each answer is shown once, when its submission has finished (revalidation included).
  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      form.reset(result.values);
      toast.success(t("form.saved"), { description: t("form.savedDescription") });
      return;
    }
    Object.entries(result.fieldErrors ?? {}).forEach(([name, message], index) => {
      form.setError(name as FieldPath<GoalsFormInput>, { type: "server", message }, { shouldFocus: index === 0 });
    });
    toast.error(translateMessage(t, result.title), { description: translateMessage(t, result.message) });
  }, [fetcher.state, fetcher.data, form, t]);

  // A role that may not set goals reads them: every control is disabled, and a note says why.
  const isReadOnly = useRefusalReason()("goals.manage") !== null;
  // The server parses the text the person typed, exactly as this form's schema did.
  const onSubmit = form.handleSubmit(() => {
    if (isReadOnly) return;
    fetcher.submit({ ...canonical(form.getValues()) }, { method: "post", encType: "application/json" });
  });

  const usedScopes = new Set(platformGoals.fields.map((field) => field.scope));
  const addable = [...AD_PLATFORM_IDS]
    .filter((platform) => !usedScopes.has(platform))
    .sort((a, b) => Number(connectedPlatforms.includes(b)) - Number(connectedPlatforms.includes(a)));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("form.label")} className="flex flex-col gap-6">
      <PermissionNote permission="goals.manage" />
      <fieldset disabled={isReadOnly} className="contents">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("form.organizationTitle")}</h2>
            </CardTitle>
            <CardDescription>{t("form.organizationDescription", { currency: values.currency })}</CardDescription>
          </CardHeader>
          <CardContent>
            <GoalFields form={form} index={0} symbol={symbol} budgetHint={t("form.organizationBudgetHint")} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("form.platformsTitle")}</h2>
            </CardTitle>
            <CardDescription>{t("form.platformsDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {platformGoals.fields.slice(1).map((field, offset) => {
              const index = offset + 1;
              const listing = findListing(field.scope);
              return (
                <section
                  key={field.id}
                  aria-label={t("form.platformGoal", { platform: platformName(field.scope) })}
                  className="flex flex-col gap-4 rounded-lg border bg-muted/30 p-4"
                >
                  <div className="flex items-center gap-3">
                    {listing ? <PlatformLogo listing={listing} className="size-8 text-sm" /> : null}
                    <h3 className="font-medium">{platformName(field.scope)}</h3>
                    {connectedPlatforms.includes(field.scope as AdPlatformId) ? (
                      <Badge variant="secondary">{t("form.connected")}</Badge>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto text-muted-foreground"
                      onClick={() => platformGoals.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                      <span>
                        <Trans
                          t={t}
                          i18nKey="form.remove"
                          values={{ platform: platformName(field.scope) }}
                          components={{ hidden: <span className="sr-only" /> }}
                        />
                      </span>
                    </Button>
                  </div>
                  <GoalFields form={form} index={index} symbol={symbol} budgetHint={t("form.platformBudgetHint")} />
                </section>
              );
            })}
            {addable.length > 0 ? (
              <div className="flex flex-col gap-2">
                <p className="text-muted-foreground text-sm">{t("form.addFor")}</p>
                <ul className="flex flex-wrap gap-2">
                  {addable.map((platform) => (
                    <li key={platform}>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => platformGoals.append(emptyGoalEntry(platform))}
                        aria-label={t("form.addForPlatform", { platform: platformName(platform) })}
                      >
                        <Plus aria-hidden="true" />
                        {platformName(platform)}
                        {connectedPlatforms.includes(platform) ? (
                          <span
                            aria-hidden="true"
                            className="size-1.5 rounded-full bg-success"
                            title={t("form.connected")}
                          />
                        ) : null}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
          <CardFooter className="justify-end border-t">
            <SubmitButton
              isPending={isSaving}
              pendingLabel={t("form.saving")}
              icon={<Save aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              {t("form.save")}
            </SubmitButton>
          </CardFooter>
        </Card>
      </fieldset>
    </form>
  );
}

function GoalFields({
  form,
  index,
  symbol,
  budgetHint,
}: {
  form: UseFormReturn<GoalsFormInput, unknown, GoalsFormOutput>;
  index: number;
  symbol: string;
  budgetHint: string;
}) {
  const { t } = useTranslation("goals");
  const id = useId();
  const targetKind = form.watch(`goals.${index}.targetKind`);
  // The server renders the saved figures too (register alone fills them in only after hydration).
  const errors = form.formState.errors.goals?.[index];
  // Core's messages are English; the reader sees them in the catalog's words.
  const errorText = (message: string | undefined) =>
    message === undefined
      ? undefined
      : message === ROAS_RANGE_MESSAGE
        ? t("errors.roasRange", { min: MIN_TARGET_ROAS, max: MAX_TARGET_ROAS })
        : translateMessage(t, message);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="grid content-start gap-2 sm:col-span-2">
        <span id={`${id}-target`} className="font-medium text-sm leading-none">
          {t("form.target")}
        </span>
        <Controller
          control={form.control}
          name={`goals.${index}.targetKind`}
          render={({ field }) => (
            <RadioGroupPrimitive.Root
              aria-labelledby={`${id}-target`}
              value={field.value}
              onValueChange={field.onChange}
              orientation="horizontal"
              className="inline-flex w-fit rounded-lg bg-muted p-[3px]"
            >
              {TARGET_KINDS.map((kind) => (
                <RadioGroupPrimitive.Item
                  key={kind}
                  value={kind}
                  className={cn(
                    "h-8 rounded-md px-3 font-medium text-muted-foreground text-sm outline-none transition-colors",
                    "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                    "data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm",
                  )}
                >
                  {"key" in TARGET_LABELS[kind] ? t(TARGET_LABELS[kind].key) : TARGET_LABELS[kind].text}
                </RadioGroupPrimitive.Item>
              ))}
            </RadioGroupPrimitive.Root>
          )}
        />
      </div>
      {targetKind === "roas" ? (
        <Field
          id={`${id}-roas`}
          label={t("form.targetRoas")}
          hint={t("form.targetRoasHint", { min: MIN_TARGET_ROAS, max: MAX_TARGET_ROAS })}
          error={errorText(errors?.targetRoas?.message)}
        >
          {(aria) => (
            <Input
              className="tabular-nums"
              inputMode="decimal"
              placeholder="3.5"
              {...aria}
              defaultValue={form.getValues(`goals.${index}.targetRoas`)}
              {...form.register(`goals.${index}.targetRoas`)}
            />
          )}
        </Field>
      ) : null}
      {targetKind === "cpa" ? (
        <Field
          id={`${id}-cpa`}
          label={t("form.targetCpa")}
          hint={t("form.targetCpaHint")}
          error={errorText(errors?.targetCpa?.message)}
        >
          {(aria) => (
            <MoneyInput
              symbol={symbol}
              inputMode="decimal"
              placeholder="25.00"
              {...aria}
              defaultValue={form.getValues(`goals.${index}.targetCpa`)}
              {...form.register(`goals.${index}.targetCpa`)}
            />
          )}
        </Field>
      ) : null}
      <Field
        id={`${id}-budget`}
        label={t("form.monthlyBudget")}
        hint={budgetHint}
        error={errorText(errors?.monthlyBudget?.message)}
        className={targetKind === "none" ? "sm:col-start-1" : undefined}
      >
        {(aria) => (
          <MoneyInput
            symbol={symbol}
            inputMode="decimal"
            placeholder="10,000"
            {...aria}
            defaultValue={form.getValues(`goals.${index}.monthlyBudget`)}
            {...form.register(`goals.${index}.monthlyBudget`)}
          />
        )}
      </Field>
    </div>
  );
}

/** An amount field with the currency's symbol in front of the typed figure. */
function MoneyInput({ symbol, ...props }: ComponentProps<typeof Input> & { symbol: string }) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
      >
        {symbol}
      </span>
      {/* Room for the symbol: "$" needs little, "CHF" more. */}
      <Input {...props} className="tabular-nums" style={{ paddingLeft: `${0.95 + symbol.length * 0.55}rem` }} />
    </div>
  );
}

interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string;
}

function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": error ? `${errorId} ${hintId}` : hintId })}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}
