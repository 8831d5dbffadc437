import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { FormField } from "#app/components/auth/form-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { forgotPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Check your email",
    description: "Confirm your email address to finish creating your Adhelm account.",
    path: "/verify-email",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

const STEPS = [
  "Open your inbox and look for our verification email. If it is not there, check your spam or junk folder.",
  "Click the verification link in the email.",
  "You are signed in automatically and taken to your dashboard.",
] as const;

export default function VerifyEmailPage() {
  const location = useLocation();
  const signedUpEmail = (location.state as { email?: string } | null)?.email ?? "";
  return (
    <AuthScreen
      title="Check your email"
      description="We sent a verification link to the address you signed up with."
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
              <span className="pt-0.5 text-pretty">{step}</span>
            </li>
          ))}
        </ol>
        <ResendVerification initialEmail={signedUpEmail} />
      </CardContent>
      <CardFooter className="flex-col gap-4 border-t text-center text-muted-foreground text-sm">
        <p className="text-pretty">
          Wrong address or no email? <AuthLink to="/signup">Sign up again</AuthLink>. Already verified?{" "}
          <AuthLink to="/login">Sign in</AuthLink>.
        </p>
        <Button variant="outline" asChild className="w-full">
          <Link to="/">Back to Home</Link>
        </Button>
      </CardFooter>
    </AuthScreen>
  );
}

/** A new link for a lost or expired one; the server allows five mails an hour per address. */
function ResendVerification({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);

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
      await authClient.sendVerificationEmail(parsed.data.email);
      toast.success("Check your email", { description: `We sent a new verification link to ${parsed.data.email}.` });
    } catch (failure) {
      console.warn("Resend failed", failure);
      toast.error("Could not send the email", { description: failure instanceof Error ? failure.message : undefined });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form onSubmit={resend} noValidate className="mt-6 grid gap-3 border-t pt-6">
      <p className="font-medium text-sm">Didn't get the email?</p>
      <FormField id="resend-email" label="Email" error={error}>
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
        Resend verification email
      </SubmitButton>
    </form>
  );
}
