import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { EmailField } from "#app/components/auth/account-fields.tsx";
import { useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { type ForgotPasswordInput, forgotPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "forgotPassword", path: "/forgot-password" });

export const handle = translatedPage;

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { t, errorMessage } = useAuthTranslation();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function requestReset(values: ForgotPasswordInput) {
    try {
      await authClient.requestPasswordReset(values.email);
      // The same answer whether or not an account exists: nobody learns who has one.
      setSentTo(values.email);
      toast.success(t("forgotPassword.sentTitle"), { description: t("forgotPassword.sentToast") });
    } catch (error) {
      console.warn("Password reset failed", error);
      toast.error(t("forgotPassword.failed"), { description: errorMessage(error) ?? t("errors.generic") });
    }
  }

  return (
    <AuthScreen title={t("forgotPassword.title")} description={t("forgotPassword.description")}>
      <CardContent>
        {sentTo ? (
          <div role="status" className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid gap-1">
              <p className="font-medium">{t("forgotPassword.sentTitle")}</p>
              <p className="text-muted-foreground">{t("forgotPassword.sentNotice", { email: sentTo })}</p>
            </div>
          </div>
        ) : (
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(requestReset)}>
            <EmailField
              id="forgot-email"
              registration={form.register("email")}
              error={errors.email?.message}
              disabled={isSubmitting}
            />
            <SubmitButton className="w-full" isPending={isSubmitting}>
              {t("forgotPassword.submit")}
            </SubmitButton>
          </form>
        )}
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          {t("forgotPassword.remembered")} <AuthLink to="/login">{t("forgotPassword.backToSignIn")}</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
