import { AuthLink, AuthScreen } from "../../components/auth/auth-screen.tsx";
import { CardFooter } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
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
  return (
    <AuthScreen
      title="Set a new password"
      description="Choose a new password for your Adhelm account. It must be at least 8 characters long."
    >
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          Changed your mind? <AuthLink to="/login">Back to sign in</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
