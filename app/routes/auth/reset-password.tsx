import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { NewPasswordFields } from "#app/components/auth/account-fields.tsx";
import { useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { AuthRequestError, authClient } from "#app/lib/auth-client.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { type ResetPasswordInput, resetPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "resetPassword", path: "/reset-password" });

export const handle = translatedPage;

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { t, errorMessage } = useAuthTranslation();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onChange",
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function resetPassword(values: ResetPasswordInput) {
    if (!token) return;
    try {
      const { handoff } = await authClient.resetPassword(token, values.password);
      // The new password signs the person in once, through the landing page's token handling.
      const fragment = new URLSearchParams({ ...handoff });
      // A full load: the landing page is static, and its inline site script signs the person in.
      window.location.replace(`/#${fragment.toString()}`);
    } catch (error) {
      console.warn("Password reset failed", error);
      // The server's own refusal of the password (a common one) shows under the field too.
      const passwordError = error instanceof AuthRequestError ? error.fieldErrors.newPassword : undefined;
      if (passwordError) form.setError("password", { message: passwordError });
      const isExpired = error instanceof AuthRequestError && error.code === "INVALID_TOKEN";
      toast.error(t("resetPassword.failed"), {
        description: isExpired ? t("resetPassword.expired") : errorMessage(error),
      });
    }
  }

  if (!token) {
    return (
      <AuthScreen title={t("resetPassword.title")}>
        <CardContent>
          <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
            <p>{t("resetPassword.missingToken")}</p>
          </div>
        </CardContent>
        <CardFooter className="justify-center border-t text-sm">
          <AuthLink to="/forgot-password">{t("resetPassword.newLink")}</AuthLink>
        </CardFooter>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t("resetPassword.title")} description={t("resetPassword.description")}>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(resetPassword)}>
          <NewPasswordFields
            idPrefix="reset"
            labels={{ password: t("fields.newPassword"), confirmPassword: t("fields.confirmNewPassword") }}
            password={form.watch("password")}
            registrations={{
              password: form.register("password", { deps: ["confirmPassword"] }),
              confirmPassword: form.register("confirmPassword"),
            }}
            errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
            disabled={isSubmitting}
          />
          <SubmitButton className="w-full" isPending={isSubmitting}>
            {t("resetPassword.submit")}
          </SubmitButton>
        </form>
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <AuthLink to="/forgot-password">{t("resetPassword.newLink")}</AuthLink>
      </CardFooter>
    </AuthScreen>
  );
}
