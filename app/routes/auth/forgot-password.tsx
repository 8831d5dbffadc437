import { AuthLink, AuthScreen } from "../../components/auth/auth-screen.tsx";
import { CardFooter } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
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
  return (
    <AuthScreen
      title="Forgot your password?"
      description="We'll send a link to set a new password to the email address on your Adhelm account."
    >
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          Remembered it? <AuthLink to="/login">Back to sign in</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
