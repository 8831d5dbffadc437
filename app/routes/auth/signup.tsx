import { AuthLink, AuthScreen } from "../../components/auth/auth-screen.tsx";
import { CardContent, CardFooter } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign up",
    description:
      "Create your Adhelm account and start a 14-day free trial. No credit card required, and setup takes about 5 minutes.",
    path: "/signup",
    appUrl: appUrlFrom(matches),
  });

export default function SignupPage() {
  return (
    <AuthScreen
      isHeaderless
      title="Create your account"
      description="Start your 14-day free trial. No credit card required."
    >
      <CardContent className="text-center text-muted-foreground text-sm">
        <p>
          Already have an account? <AuthLink to="/login">Sign in</AuthLink>
        </p>
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-xs">
        <p className="text-pretty">
          By creating an account, you agree to our <AuthLink to="/terms">Terms of Service</AuthLink> and{" "}
          <AuthLink to="/privacy">Privacy Policy</AuthLink>.
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
