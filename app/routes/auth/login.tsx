import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MailWarning } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmailField } from "#app/components/auth/account-fields.tsx";
import { useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { FormField } from "#app/components/auth/form-field.tsx";
import { AuthDivider, GitHubButton } from "#app/components/auth/github-button.tsx";
import { PasswordInput } from "#app/components/auth/password-input.tsx";
import { useGitHubErrorToast } from "#app/components/auth/use-github-error.ts";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { AuthRequestError, authClient } from "#app/lib/auth-client.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import { redirectSignedIn } from "#app/lib/session.server.ts";
import { type LoginInput, loginSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "login", path: "/login", isIndexable: true });

export const handle = translatedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  return null;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { t, message, errorMessage } = useAuthTranslation();
  useGitHubErrorToast("login");
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "", rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  async function signIn(values: LoginInput) {
    setUnverifiedEmail(null);
    try {
      await authClient.signIn(values);
      toast.success(t("login.welcomeBack"));
      navigate(safeRedirectTarget(searchParams.get("redirectTo")), { replace: true });
    } catch (error) {
      console.warn("Sign in failed", error);
      const isUnverified = error instanceof AuthRequestError && error.code === "EMAIL_NOT_VERIFIED";
      if (isUnverified) setUnverifiedEmail(values.email.trim().toLowerCase());
      toast.error(t("login.failed"), {
        description: isUnverified
          ? t("login.unverified")
          : error instanceof AuthRequestError && error.status === 401
            ? t("login.wrongCredentials")
            : (errorMessage(error) ?? t("errors.generic")),
      });
    }
  }

  return (
    <AuthScreen isHeaderless title={t("login.title")} description={t("login.description")}>
      <CardContent className="grid gap-5">
        <GitHubButton from="login" disabled={isSubmitting} />
        <AuthDivider />
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(signIn)}>
          <EmailField
            id="login-email"
            registration={form.register("email")}
            error={errors.email?.message}
            disabled={isSubmitting}
          />
          <FormField id="login-password" label={t("fields.password")} error={message(errors.password?.message)}>
            {(field) => (
              <PasswordInput
                {...field}
                {...form.register("password")}
                autoComplete="current-password"
                disabled={isSubmitting}
              />
            )}
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={form.watch("rememberMe") === true}
                onCheckedChange={(checked) => form.setValue("rememberMe", checked === true)}
                disabled={isSubmitting}
              />
              <Label htmlFor="login-remember" className="font-normal">
                {t("login.rememberMe")}
              </Label>
            </div>
            <AuthLink to="/forgot-password">{t("login.forgotPassword")}</AuthLink>
          </div>
          <SubmitButton className="w-full" isPending={isSubmitting} pendingLabel={t("login.submitting")}>
            {t("login.submit")}
          </SubmitButton>
        </form>
        {unverifiedEmail ? (
          <ResendVerification email={unverifiedEmail} redirectTo={searchParams.get("redirectTo")} />
        ) : null}
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          {t("login.noAccount")} <AuthLink to="/signup">{t("login.signUp")}</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}

/** Offered when the account exists but its email is not verified yet. */
function ResendVerification({ email, redirectTo }: { email: string; redirectTo: string | null }) {
  const [isSending, setIsSending] = useState(false);
  const { t, errorMessage } = useAuthTranslation();
  async function resend() {
    setIsSending(true);
    try {
      // Signing in on the way to an invitation: the new link leads back there (the server keeps same-site paths only).
      await authClient.sendVerificationEmail(email, redirectTo ?? undefined);
      toast.success(t("resend.sentTitle"), { description: t("resend.sentDescription", { email }) });
    } catch (error) {
      console.warn("Resend failed", error);
      toast.error(t("resend.failed"), { description: errorMessage(error) });
    } finally {
      setIsSending(false);
    }
  }
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-2">
        <p>{t("login.unverifiedNotice")}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={resend} disabled={isSending}>
          {isSending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {t("resend.button")}
        </Button>
      </div>
    </div>
  );
}
