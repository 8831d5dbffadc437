import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#app/components/ui/select.tsx";
import type { Role } from "#core/access/actor.ts";
import type { ProfileOptions } from "#core/accounts/profile-options.ts";
import { COMPANY_SIZES, type ProfileInput, type ProfileUpdate, profileSchema } from "#core/accounts/profile-schema.ts";
import type { ProfileActionResult } from "./account-action.ts";
import { FormField } from "./form-field.tsx";
import { COMPANY_SIZE_KEYS, type ProfileFormValues, ROLE_KEYS } from "./profile-values.ts";
import { CurrencySelect, TimeZoneSelect } from "./region-selects.tsx";

const FIELDS = Object.keys(profileSchema.shape) as Array<FieldPath<ProfileInput>>;
const isField = (name: string): name is FieldPath<ProfileInput> => (FIELDS as string[]).includes(name);

/**
 * Names, company and the regional settings; validated here and again by the action. The role is
 * the one in the active organization, shown read-only: the team page changes it.
 */
export function ProfileForm({
  values,
  email,
  options,
  role,
  organizationName,
}: {
  values: ProfileFormValues;
  email: string;
  options: ProfileOptions;
  role: Role;
  organizationName: string;
}) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<ProfileActionResult>();
  const form = useForm<ProfileInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileSchema),
    defaultValues: values,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const isSaving = fetcher.state !== "idle";

  // Each answer is shown once, when its submission has finished (revalidation included).
  const shownResult = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shownResult.current === result) return;
    shownResult.current = result;
    if (result.ok) {
      if (result.intent === "profile") form.reset(result.profile);
      toast.success(t("profile.toast.updated"));
      return;
    }
    const fieldErrors = Object.entries(result.fieldErrors ?? {}).filter(([name]) => isField(name));
    fieldErrors.forEach(([name, message], index) => {
      if (isField(name)) form.setError(name, { type: "server", message }, { shouldFocus: index === 0 });
    });
    toast.error(t("profile.toast.failed.title"), { description: t("profile.toast.failed.description") });
  }, [fetcher.state, fetcher.data, form, t]);

  const onSubmit = form.handleSubmit((update) => {
    fetcher.submit({ ...update }, { method: "post", encType: "application/json" });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.form.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.form.description")}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t("profile.form.label")} className="flex flex-col gap-6">
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField id="profile-first-name" label={t("profile.fields.firstName")} error={errors.first_name?.message}>
            {(aria) => (
              <Input
                autoComplete="given-name"
                defaultValue={values.first_name}
                {...aria}
                {...form.register("first_name")}
              />
            )}
          </FormField>
          <FormField id="profile-last-name" label={t("profile.fields.lastName")} error={errors.last_name?.message}>
            {(aria) => (
              <Input
                autoComplete="family-name"
                defaultValue={values.last_name}
                {...aria}
                {...form.register("last_name")}
              />
            )}
          </FormField>
          <div className="grid content-start gap-2 sm:col-span-2">
            <Label htmlFor="profile-email">{t("profile.fields.email")}</Label>
            <Input
              id="profile-email"
              type="email"
              value={email}
              readOnly
              disabled
              aria-describedby="profile-email-hint"
            />
            <p id="profile-email-hint" className="text-muted-foreground text-sm">
              {t("profile.fields.emailHint")}
            </p>
          </div>
          <FormField
            id="profile-company-name"
            label={t("profile.fields.companyName")}
            error={errors.company_name?.message}
            className="sm:col-span-2"
          >
            {(aria) => (
              <Input
                autoComplete="organization"
                defaultValue={values.company_name}
                {...aria}
                {...form.register("company_name")}
              />
            )}
          </FormField>
          <FormField
            id="profile-company-size"
            label={t("profile.fields.companySize")}
            error={errors.company_size?.message}
          >
            {(aria) => (
              <Controller
                control={form.control}
                name="company_size"
                render={({ field }) => (
                  <Select value={field.value ?? ""} onValueChange={field.onChange}>
                    <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue placeholder={t("profile.fields.companySizePlaceholder")}>
                        {field.value ? t(COMPANY_SIZE_KEYS[field.value]) : undefined}
                      </SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {COMPANY_SIZES.map((size) => (
                        <SelectItem key={size} value={size}>
                          {t(COMPANY_SIZE_KEYS[size])}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <div className="grid content-start gap-2">
            <Label htmlFor="profile-role">{t("profile.fields.role")}</Label>
            <Input
              id="profile-role"
              value={t(ROLE_KEYS[role])}
              readOnly
              disabled
              aria-describedby="profile-role-hint"
            />
            <p id="profile-role-hint" className="text-muted-foreground text-sm">
              {t("profile.fields.roleHint", { organization: organizationName })}{" "}
              <Link to="/settings/team" className="text-primary underline underline-offset-4">
                {t("profile.fields.manageRoles")}
              </Link>
            </p>
          </div>
          <FormField id="profile-timezone" label={t("profile.fields.timezone")} error={errors.timezone?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <TimeZoneSelect
                    timeZones={options.timeZones}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    triggerRef={field.ref}
                    aria={aria}
                  />
                )}
              />
            )}
          </FormField>
          <FormField id="profile-currency" label={t("profile.fields.currency")} error={errors.currency?.message}>
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
                  />
                )}
              />
            )}
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t">
          <SubmitButton
            isPending={isSaving}
            pendingLabel={t("profile.form.saving")}
            icon={<Save aria-hidden="true" />}
            className="w-full sm:w-auto"
          >
            {t("profile.form.save")}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
