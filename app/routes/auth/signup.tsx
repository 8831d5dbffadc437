import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Trans } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmailField, NewPasswordFields } from "#app/components/auth/account-fields.tsx";
import { useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { AuthLink, AuthScreen } from "#app/components/auth/auth-screen.tsx";
import { FormField } from "#app/components/auth/form-field.tsx";
import { AuthDivider, GitHubButton } from "#app/components/auth/github-button.tsx";
import { useGitHubErrorToast } from "#app/components/auth/use-github-error.ts";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { CardContent, CardFooter } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { AuthRequestError, authClient } from "#app/lib/auth-client.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { redirectSignedIn } from "#app/lib/session.server.ts";
import { type SignupInput, signupSchema } from "#core/accounts/account-schemas.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "signup", path: "/signup", isIndexable: true });

export const handle = translatedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  return null;
}

const FIELD_NAMES = ["firstName", "lastName", "companyName", "email", "password", "confirmPassword", "acceptTerms"];

/**
 * An invitation link's "Create an account" (/signup?invitation=<token>&email=<invited address>):
 * the address is the invited one and stays as is, and the verification link leads back to the
 * invitation, where the new member accepts it.
 */
function invitationOf(searchParams: URLSearchParams): { email: string; returnTo: string } | null {
  const token = searchParams.get("invitation");
  const email = searchParams.get("email");
  if (!token || !/^[\w-]{16,128}$/.test(token) || !email) return null;
  return { email, returnTo: `/invitations/${token}` };
}

export default function SignupPage() {
  const navigate = useNavigate();
  // The landing page's email box sends its address here as ?email=.
  const [searchParams] = useSearchParams();
  const invitation = invitationOf(searchParams);
  const { t, message, errorMessage } = useAuthTranslation();
  useGitHubErrorToast("signup");
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    mode: "onChange",
    defaultValues: {
      firstName: "",
      lastName: "",
      companyName: "",
      email: searchParams.get("email") ?? "",
      password: "",
      confirmPassword: "",
      acceptTerms: false,
    },
  });
  const { errors, isSubmitting, isValid } = form.formState;
  const password = form.watch("password");
  const acceptTerms = form.watch("acceptTerms");
  const hasErrors = Object.keys(errors).length > 0;
  const canSubmit = isValid && acceptTerms === true && !hasErrors && !isSubmitting;

  async function signUp(values: SignupInput) {
    try {
      await authClient.signUp({
        ...values,
        companyName: values.companyName || undefined,
        redirectTo: invitation?.returnTo,
      });
      navigate("/verify-email", { state: { email: values.email, redirectTo: invitation?.returnTo } });
    } catch (error) {
      console.warn("Sign up failed", error);
      if (error instanceof AuthRequestError)
        for (const [field, message] of Object.entries(error.fieldErrors))
          if (FIELD_NAMES.includes(field)) form.setError(field as keyof SignupInput, { message });
      toast.error(t("signup.failed"), { description: errorMessage(error) ?? t("errors.generic") });
    }
  }

  return (
    <AuthScreen
      isHeaderless
      title={t("signup.title")}
      description={invitation ? t("signup.invitedDescription") : t("signup.description")}
    >
      <CardContent className="grid gap-5">
        <GitHubButton from="signup" disabled={isSubmitting} />
        <AuthDivider />
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(signUp)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="signup-first-name" label={t("fields.firstName")} error={message(errors.firstName?.message)}>
              {(field) => (
                <Input {...field} {...form.register("firstName")} autoComplete="given-name" disabled={isSubmitting} />
              )}
            </FormField>
            <FormField id="signup-last-name" label={t("fields.lastName")} error={message(errors.lastName?.message)}>
              {(field) => (
                <Input {...field} {...form.register("lastName")} autoComplete="family-name" disabled={isSubmitting} />
              )}
            </FormField>
          </div>
          <FormField
            id="signup-company"
            label={
              <>
                {t("fields.company")} <span className="font-normal text-muted-foreground">{t("fields.optional")}</span>
              </>
            }
            error={message(errors.companyName?.message)}
          >
            {(field) => (
              <Input {...field} {...form.register("companyName")} autoComplete="organization" disabled={isSubmitting} />
            )}
          </FormField>
          {invitation ? (
            <FormField
              id="signup-email"
              label={t("fields.email")}
              error={message(errors.email?.message)}
              hint={t("signup.invitedEmailHint")}
            >
              {(field) => <Input {...field} {...form.register("email")} type="email" autoComplete="email" readOnly />}
            </FormField>
          ) : (
            <EmailField
              id="signup-email"
              registration={form.register("email")}
              error={errors.email?.message}
              disabled={isSubmitting}
            />
          )}
          <NewPasswordFields
            idPrefix="signup"
            labels={{ password: t("fields.password"), confirmPassword: t("fields.confirmPassword") }}
            password={password}
            registrations={{
              password: form.register("password", { deps: ["confirmPassword"] }),
              confirmPassword: form.register("confirmPassword"),
            }}
            errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
            disabled={isSubmitting}
          />
          <div className="grid gap-2">
            <div className="flex items-start gap-2">
              <Checkbox
                id="signup-terms"
                className="mt-0.5"
                checked={acceptTerms === true}
                onCheckedChange={(checked) =>
                  form.setValue("acceptTerms", checked === true, { shouldValidate: true, shouldDirty: true })
                }
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? "signup-terms-error" : undefined}
                disabled={isSubmitting}
              />
              <Label htmlFor="signup-terms" className="inline font-normal leading-snug">
                <Trans
                  t={t}
                  i18nKey="signup.terms"
                  components={{ terms: <AuthLink to="/terms" />, privacy: <AuthLink to="/privacy" /> }}
                />
              </Label>
            </div>
            {errors.acceptTerms ? (
              <p id="signup-terms-error" className="text-destructive text-sm">
                {message(errors.acceptTerms.message)}
              </p>
            ) : null}
          </div>
          <SubmitButton
            className="w-full"
            isPending={isSubmitting}
            pendingLabel={t("signup.submitting")}
            disabled={!canSubmit}
          >
            {t("signup.submit")}
          </SubmitButton>
        </form>
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          {t("signup.haveAccount")}{" "}
          <AuthLink to={invitation ? `/login?${new URLSearchParams({ redirectTo: invitation.returnTo })}` : "/login"}>
            {t("signup.signIn")}
          </AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
