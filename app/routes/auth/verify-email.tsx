import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { AuthLink, AuthScreen } from "../../components/auth/auth-screen.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CardContent, CardFooter } from "../../components/ui/card.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
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
