import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "#app/components/ui/input.tsx";
import { useAuthTranslation } from "./auth-messages.ts";
import { FormField } from "./form-field.tsx";
import { PasswordInput } from "./password-input.tsx";
import { PasswordStrength } from "./password-strength.tsx";

/** The email field of the auth forms. */
export function EmailField({
  id,
  registration,
  error,
  disabled,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  disabled: boolean;
}) {
  const { t, message } = useAuthTranslation();
  return (
    <FormField id={id} label={t("fields.email")} error={message(error)}>
      {(field) => (
        <Input
          {...field}
          {...registration}
          type="email"
          autoComplete="email"
          placeholder={t("fields.emailPlaceholder")}
          disabled={disabled}
        />
      )}
    </FormField>
  );
}

/** A new password with its strength meter, and its confirmation (sign-up and reset). */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  registrations,
  errors,
  disabled,
}: {
  idPrefix: string;
  labels: { password: string; confirmPassword: string };
  /** The password typed so far, for the meter. */
  password: string;
  registrations: { password: UseFormRegisterReturn; confirmPassword: UseFormRegisterReturn };
  errors: { password?: string; confirmPassword?: string };
  disabled: boolean;
}) {
  const { message } = useAuthTranslation();
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={labels.password}
        error={message(errors.password)}
        hint={<PasswordStrength id={`${idPrefix}-password-strength`} password={password} />}
      >
        {(field) => (
          <PasswordInput {...field} {...registrations.password} autoComplete="new-password" disabled={disabled} />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-confirm-password`}
        label={labels.confirmPassword}
        error={message(errors.confirmPassword)}
      >
        {(field) => (
          <PasswordInput
            {...field}
            {...registrations.confirmPassword}
            autoComplete="new-password"
            disabled={disabled}
          />
        )}
      </FormField>
    </>
  );
}
