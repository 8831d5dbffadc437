import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MailWarning } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmailField } from "#app/components/auth/account-fields.tsx";
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
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { redirectSignedIn } from "#app/lib/session.server.ts";
import { type LoginInput, loginSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign in",
    description:
      "Sign in to Adhelm to manage your Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns.",
    path: "/login",
    appUrl: appUrlFrom(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  return null;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  useGitHubErrorToast("GitHub sign in failed");
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
      toast.success("Welcome back!");
      navigate(safeRedirectTarget(searchParams.get("redirectTo")), { replace: true });
    } catch (error) {
      console.warn("Sign in failed", error);
      const isUnverified = error instanceof AuthRequestError && error.code === "EMAIL_NOT_VERIFIED";
      if (isUnverified) setUnverifiedEmail(values.email.trim().toLowerCase());
      toast.error("Sign in failed", {
        description: isUnverified
          ? "Please verify your email address before signing in. We can send you a new link."
          : signInMessage(error),
      });
    }
  }

  return (
    <AuthScreen isHeaderless title="Welcome back" description="Sign in to your Adhelm account">
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
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            {(field) => (
              <PasswordInput
                {...field}
                {...form.register("password")}
                autoComplete="current-password"
                disabled={isSubmitting}
              />
            )}
          </FormField>
          <div className="flex items-center justify-between gap-4 text-sm">
            <div className="flex items-center gap-2">
              <Checkbox
                id="login-remember"
                checked={form.watch("rememberMe") === true}
                onCheckedChange={(checked) => form.setValue("rememberMe", checked === true)}
                disabled={isSubmitting}
              />
              <Label htmlFor="login-remember" className="font-normal">
                Remember me
              </Label>
            </div>
            <AuthLink to="/forgot-password">Forgot password?</AuthLink>
          </div>
          <SubmitButton className="w-full" isPending={isSubmitting} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
        </form>
        {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          Don't have an account? <AuthLink to="/signup">Sign up</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}

function signInMessage(error: unknown): string {
  if (error instanceof AuthRequestError && error.status === 401)
    return "The email or password is incorrect. Check them and try again.";
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** Offered when the account exists but its email is not verified yet. */
function ResendVerification({ email }: { email: string }) {
  const [isSending, setIsSending] = useState(false);
  async function resend() {
    setIsSending(true);
    try {
      await authClient.sendVerificationEmail(email);
      toast.success("Check your email", { description: `We sent a new verification link to ${email}.` });
    } catch (error) {
      console.warn("Resend failed", error);
      toast.error("Could not send the email", { description: error instanceof Error ? error.message : undefined });
    } finally {
      setIsSending(false);
    }
  }
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-2">
        <p>Your email address is not verified yet. Open the link we emailed you, or get a new one.</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={resend} disabled={isSending}>
          {isSending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Resend verification email
        </Button>
      </div>
    </div>
  );
}
