import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Trans } from "react-i18next";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { FormField } from "#app/components/auth/form-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { forgotPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "verifyEmail", path: "/verify-email" });

export const handle = translatedPage;

const STEPS = ["verifyEmail.steps.openInbox", "verifyEmail.steps.clickLink", "verifyEmail.steps.signedIn"] as const;

export default function VerifyEmailPage() {
  const location = useLocation();
  const signedUp = location.state as { email?: string; redirectTo?: string } | null;
  const { t } = useAuthTranslation();
  return (
    <AuthScreen
      title={t("verifyEmail.title")}
      description={t("verifyEmail.description")}
      icon={
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <CardContent>
        <ol className="space-y-4">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs tabular-nums"
              >
                {index + 1}
              </span>
              <span className="pt-0.5 text-pretty">{t(step)}</span>
            </li>
          ))}
        </ol>
        <ResendVerification initialEmail={signedUp?.email ?? ""} redirectTo={signedUp?.redirectTo} />
      </CardContent>
      <CardFooter className="flex-col gap-4 border-t text-center text-muted-foreground text-sm">
        <p className="text-pretty">
          <Trans
            t={t}
            i18nKey="verifyEmail.footer"
            components={{ signup: <AuthLink to="/signup" />, login: <AuthLink to="/login" /> }}
          />
        </p>
        <Button variant="outline" asChild className="w-full">
          <Link to="/">{t("screen.backToHome")}</Link>
        </Button>
      </CardFooter>
    </AuthScreen>
  );
}

/**
 * A new link for a lost or expired one; the server allows five mails an hour per address. After a
 * sign-up through an invitation, the new link leads back to the invitation too (`redirectTo`).
 */
function ResendVerification({ initialEmail, redirectTo }: { initialEmail: string; redirectTo?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const { t, message, errorMessage } = useAuthTranslation();

  async function resend(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setIsSending(true);
    try {
      await authClient.sendVerificationEmail(parsed.data.email, redirectTo);
      toast.success(t("resend.sentTitle"), { description: t("resend.sentDescription", { email: parsed.data.email }) });
    } catch (failure) {
      console.warn("Resend failed", failure);
      toast.error(t("resend.failed"), { description: errorMessage(failure) });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form onSubmit={resend} noValidate className="mt-6 grid gap-3 border-t pt-6">
      <p className="font-medium text-sm">{t("resend.didNotGetIt")}</p>
      <FormField id="resend-email" label={t("fields.email")} error={message(error)}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={isSending}
          />
        )}
      </FormField>
      <SubmitButton variant="secondary" isPending={isSending}>
        {t("resend.button")}
      </SubmitButton>
    </form>
  );
}
