import { Send } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#app/components/auth/form-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { SubmitButton } from "./submit-button.tsx";

/** A refusal that belongs to no single field (rate limit, server error), above the form. */
export function FormRefusal({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm">
      {message}
    </p>
  );
}

/** Who is writing: the name and email of the public site's forms (careers, help). */
export function SenderFields({
  id,
  nameLabel,
  emailPlaceholder,
  registrations,
  errors,
}: {
  id: string;
  nameLabel: string;
  emailPlaceholder: string;
  registrations: { name: UseFormRegisterReturn; email: UseFormRegisterReturn };
  errors: { name?: string; email?: string };
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={`${id}-name`} label={nameLabel} error={errors.name}>
        {(aria) => <Input {...aria} autoComplete="name" required maxLength={100} {...registrations.name} />}
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errors.email}>
        {(aria) => (
          <Input
            {...aria}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={emailPlaceholder}
            required
            {...registrations.email}
          />
        )}
      </FormField>
    </div>
  );
}

/** What the details are used for, and the send button; it works before hydration too (plain post). */
export function PublicFormFooter({
  privacyNote,
  submitLabel,
  isPending,
}: {
  privacyNote: string;
  submitLabel: string;
  isPending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground text-xs">
        {privacyNote} See our{" "}
        <a href="/legal/privacy" className="underline underline-offset-4 hover:text-foreground">
          privacy policy
        </a>
        .
      </p>
      <SubmitButton
        isPending={isPending}
        pendingLabel="Sending..."
        icon={<Send aria-hidden="true" />}
        worksWithoutJavaScript
      >
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
