import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#app/components/ui/select.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ProfileOptions } from "#core/accounts/profile-options.ts";
import {
  COMPANY_SIZES,
  PROFILE_ROLES,
  type ProfileInput,
  type ProfileUpdate,
  profileSchema,
} from "#core/accounts/profile-schema.ts";
import type { ProfileActionResult } from "./account-action.ts";
import { COMPANY_SIZE_LABELS, type ProfileFormValues, ROLE_LABELS } from "./profile-values.ts";

const FIELDS = Object.keys(profileSchema.shape) as Array<FieldPath<ProfileInput>>;
const isField = (name: string): name is FieldPath<ProfileInput> => (FIELDS as string[]).includes(name);

/** Names, company, role and the regional settings; validated here and again by the action. */
export function ProfileForm({
  values,
  email,
  options,
}: {
  values: ProfileFormValues;
  email: string;
  options: ProfileOptions;
}) {
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
      toast.success("Profile updated");
      return;
    }
    const fieldErrors = Object.entries(result.fieldErrors ?? {}).filter(([name]) => isField(name));
    fieldErrors.forEach(([name, message], index) => {
      if (isField(name)) form.setError(name, { type: "server", message }, { shouldFocus: index === 0 });
    });
    toast.error("Update failed", { description: "There was an error updating your profile. Please try again." });
  }, [fetcher.state, fetcher.data, form]);

  const onSubmit = form.handleSubmit((update) => {
    fetcher.submit({ ...update }, { method: "post", encType: "application/json" });
  });

  const currencyLabel = (code: string) => options.currencies.find((currency) => currency.code === code)?.label ?? code;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Personal Information</h2>
        </CardTitle>
        <CardDescription>Your name, company and how Adhelm shows times and amounts.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Personal information" className="flex flex-col gap-6">
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field id="profile-first-name" label="First name" error={errors.first_name?.message}>
            {(aria) => (
              <Input
                autoComplete="given-name"
                defaultValue={values.first_name}
                {...aria}
                {...form.register("first_name")}
              />
            )}
          </Field>
          <Field id="profile-last-name" label="Last name" error={errors.last_name?.message}>
            {(aria) => (
              <Input
                autoComplete="family-name"
                defaultValue={values.last_name}
                {...aria}
                {...form.register("last_name")}
              />
            )}
          </Field>
          <div className="grid content-start gap-2 sm:col-span-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input
              id="profile-email"
              type="email"
              value={email}
              readOnly
              disabled
              aria-describedby="profile-email-hint"
            />
            <p id="profile-email-hint" className="text-muted-foreground text-sm">
              Email cannot be changed
            </p>
          </div>
          <Field
            id="profile-company-name"
            label="Company name"
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
          </Field>
          <Field id="profile-company-size" label="Company size" error={errors.company_size?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="company_size"
                render={({ field }) => (
                  <Select value={field.value ?? ""} onValueChange={field.onChange}>
                    <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue placeholder="Select company size">
                        {field.value ? COMPANY_SIZE_LABELS[field.value] : undefined}
                      </SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {COMPANY_SIZES.map((size) => (
                        <SelectItem key={size} value={size}>
                          {COMPANY_SIZE_LABELS[size]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="profile-role" label="Role" error={errors.role?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue>{ROLE_LABELS[field.value]}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {PROFILE_ROLES.map((role) => (
                        <SelectItem key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="profile-timezone" label="Timezone" error={errors.timezone?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue>{field.value}</SelectValue>
                    </SelectTrigger>
                    {/* Long list: scrolls, and typing a few letters jumps to a match. */}
                    <SelectContent className="max-h-72">
                      {options.timeZones.map((zone) => (
                        <SelectItem key={zone} value={zone}>
                          {zone}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <Field id="profile-currency" label="Currency" error={errors.currency?.message}>
            {(aria) => (
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue>{currencyLabel(field.value)}</SelectValue>
                    </SelectTrigger>
                    <SelectContent className="max-h-72">
                      {options.currencies.map((currency) => (
                        <SelectItem key={currency.code} value={currency.code}>
                          {currency.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
        </CardContent>
        <CardFooter className="justify-end border-t">
          <SubmitButton
            isPending={isSaving}
            pendingLabel="Saving…"
            icon={<Save aria-hidden="true" />}
            className="w-full sm:w-auto"
          >
            Save Changes
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}

interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** A labelled control with its error message underneath, tied together for screen readers. */
function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
