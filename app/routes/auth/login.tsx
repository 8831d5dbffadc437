import { AuthLink, AuthScreen } from "../../components/auth/auth-screen.tsx";
import { CardContent, CardFooter } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign in",
    description:
      "Sign in to Adhelm to manage your Google Ads, Microsoft Advertising, Meta, TikTok and LinkedIn campaigns.",
    path: "/login",
    appUrl: appUrlFrom(matches),
  });

export default function LoginPage() {
  return (
    <AuthScreen isHeaderless title="Welcome back" description="Sign in to your Adhelm account">
      <CardContent className="text-center text-sm">
        <AuthLink to="/forgot-password">Forgot password?</AuthLink>
      </CardContent>
      <CardFooter className="justify-center border-t text-center text-muted-foreground text-sm">
        <p>
          Don't have an account? <AuthLink to="/signup">Sign up</AuthLink>
        </p>
      </CardFooter>
    </AuthScreen>
  );
}
