import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { NewPasswordFields } from "#app/components/auth/account-fields.tsx";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { AuthRequestError, authClient } from "#app/lib/auth-client.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { type ResetPasswordInput, resetPasswordSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset password",
    description: "Choose a new password for your Adhelm account.",
    path: "/reset-password",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
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
      toast.error("Password reset failed", {
        description: isExpired
          ? "This reset link is invalid, expired or already used. Ask for a new one."
          : error instanceof Error
            ? error.message
            : undefined,
      });
    }
  }

  if (!token) {
    return (
      <AuthScreen title="Set a new password">
        <CardContent>
          <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
            <p>This page needs the link from your password-reset email. Ask for a new link if yours has expired.</p>
          </div>
        </CardContent>
        <CardFooter className="justify-center border-t text-sm">
          <AuthLink to="/forgot-password">Send a new reset link</AuthLink>
        </CardFooter>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Set a new password" description="Choose a strong password you don't use anywhere else.">
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(resetPassword)}>
          <NewPasswordFields
            idPrefix="reset"
            labels={{ password: "New password", confirmPassword: "Confirm new password" }}
            password={form.watch("password")}
            registrations={{
              password: form.register("password", { deps: ["confirmPassword"] }),
              confirmPassword: form.register("confirmPassword"),
            }}
            errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
            disabled={isSubmitting}
          />
          <SubmitButton className="w-full" isPending={isSubmitting}>
            Update password
          </SubmitButton>
        </form>
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <AuthLink to="/forgot-password">Send a new reset link</AuthLink>
      </CardFooter>
    </AuthScreen>
  );
}
