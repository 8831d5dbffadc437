import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { FormField } from "#app/components/account/form-field.tsx";
import { CurrencySelect, TimeZoneSelect } from "#app/components/account/region-selects.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#app/components/ui/radio-group.tsx";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { ProfileOptions } from "#core/accounts/profile-options.ts";
import type { OrganizationSettings } from "#core/organizations/organization-repository.ts";
import {
  ATTRIBUTION_SOURCES,
  type OrganizationSettingsInput,
  type OrganizationSettingsUpdate,
  organizationSettingsSchema,
} from "#core/organizations/organization-settings-schema.ts";
import type { SettingsActionResult } from "./settings-action-result.ts";

const FIELDS = Object.keys(organizationSettingsSchema.shape) as Array<keyof OrganizationSettingsInput>;
const isField = (name: string): name is keyof OrganizationSettingsInput => (FIELDS as string[]).includes(name);

const ATTRIBUTION_KEYS = {
  platform: { label: "settings.attribution.platform", hint: "settings.attribution.platformHint" },
  store: { label: "settings.attribution.store", hint: "settings.attribution.storeHint" },
} as const;

const valuesOf = (settings: OrganizationSettings): OrganizationSettingsInput => ({
  name: settings.name,
  timeZone: settings.timeZone,
  currency: settings.currency,
  defaultAttribution: settings.defaultAttribution,
});

/** The organization's name and regional settings; validated here and again by the action. Read-only without the permission. */
export function OrganizationSettingsForm({
  settings,
  options,
  canManage,
}: {
  settings: OrganizationSettings;
  options: ProfileOptions;
  canManage: boolean;
}) {
  const { t } = useTranslation("organization");
  const fetcher = useFetcher<SettingsActionResult>();
  const form = useForm<OrganizationSettingsInput, unknown, OrganizationSettingsUpdate>({
    resolver: zodResolver(organizationSettingsSchema),
    defaultValues: valuesOf(settings),
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      if (result.intent === "settings") form.reset(valuesOf(result.settings));
      toast.success(t("settings.toast.saved"));
      return;
    }
    const fieldErrors = Object.entries(result.fieldErrors ?? {}).filter(([name]) => isField(name));
    fieldErrors.forEach(([name, message], index) => {
      if (isField(name)) form.setError(name, { type: "server", message }, { shouldFocus: index === 0 });
    });
    toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data, form, t]);

  const onSubmit = form.handleSubmit((values) => {
    fetcher.submit({ intent: "settings", values }, { method: "post", encType: "application/json" });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("settings.form.title")}</h2>
        </CardTitle>
        <CardDescription>{t("settings.form.description")}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t("settings.form.label")} className="flex flex-col gap-6">
        <fieldset disabled={!canManage} className="contents">
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="organization-name"
              label={t("settings.fields.name")}
              error={errors.name?.message}
              className="sm:col-span-2"
            >
              {(aria) => <Input autoComplete="organization" {...aria} {...form.register("name")} />}
            </FormField>
            <FormField
              id="organization-time-zone"
              label={t("settings.fields.timeZone")}
              error={errors.timeZone?.message}
            >
              {(aria) => (
                <Controller
                  control={form.control}
                  name="timeZone"
                  render={({ field }) => (
                    <TimeZoneSelect
                      timeZones={options.timeZones}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      triggerRef={field.ref}
                      aria={aria}
                      disabled={!canManage}
                    />
                  )}
                />
              )}
            </FormField>
            <FormField
              id="organization-currency"
              label={t("settings.fields.currency")}
              error={errors.currency?.message}
            >
              {(aria) => (
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <CurrencySelect
                      currencies={options.currencies}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      triggerRef={field.ref}
                      aria={aria}
                      disabled={!canManage}
                    />
                  )}
                />
              )}
            </FormField>
            <div className="grid gap-3 sm:col-span-2">
              <Label id="organization-attribution-label">{t("settings.fields.attribution")}</Label>
              <Controller
                control={form.control}
                name="defaultAttribution"
                render={({ field }) => (
                  <RadioGroup
                    value={field.value}
                    onValueChange={field.onChange}
                    aria-labelledby="organization-attribution-label"
                    disabled={!canManage}
                    className="grid gap-3 sm:grid-cols-2"
                  >
                    {ATTRIBUTION_SOURCES.map((source) => {
                      const id = `organization-attribution-${source}`;
                      return (
                        <label
                          key={source}
                          htmlFor={id}
                          className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
                        >
                          <RadioGroupItem id={id} value={source} aria-describedby={`${id}-hint`} className="mt-0.5" />
                          <span className="grid gap-1">
                            <span className="font-medium text-sm">{t(ATTRIBUTION_KEYS[source].label)}</span>
                            <span id={`${id}-hint`} className="text-muted-foreground text-sm">
                              {t(ATTRIBUTION_KEYS[source].hint)}
                            </span>
                          </span>
                        </label>
                      );
                    })}
                  </RadioGroup>
                )}
              />
              {errors.defaultAttribution?.message ? (
                <p className="text-destructive text-sm">{translateMessage(t, errors.defaultAttribution.message)}</p>
              ) : null}
            </div>
          </CardContent>
        </fieldset>
        {canManage ? (
          <CardFooter className="justify-end border-t">
            <SubmitButton
              isPending={fetcher.state !== "idle"}
              pendingLabel={t("settings.form.saving")}
              icon={<Save aria-hidden="true" />}
              className="w-full sm:w-auto"
            >
              {t("settings.form.save")}
            </SubmitButton>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
