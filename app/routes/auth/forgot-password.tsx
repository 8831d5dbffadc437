import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { EmailField } from "#app/components/auth/account-fields.tsx";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { authClient } from "#app/lib/auth-client.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { type ForgotPasswordInput, forgotPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Forgot password",
    description: "Reset the password for your Adhelm account.",
    path: "/forgot-password",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      toast.success("Check your email", {
        description: "If an account exists for that address, we sent it a link to reset the password.",
      });
    } catch (error) {
      console.warn("Password reset failed", error);
      toast.error("Password reset failed", {
        description: error instanceof Error ? error.message : "Something went wrong. Please try again.",
      });
    }
  }

  return (
    <AuthScreen
      title="Forgot your password?"
      description="We'll send a link to set a new password to the email address on your Adhelm account."
    >
      <CardContent>
        {sentTo ? (
          <div role="status" className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid gap-1">
              <p className="font-medium">Check your email</p>
              <p className="text-muted-foreground">
                If an account exists for {sentTo}, a reset link is on its way. It works once and expires in 30 minutes.
              </p>
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
              Send reset link
            </SubmitButton>
          </form>
        )}
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          Remembered it? <AuthLink to="/login">Back to sign in</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
