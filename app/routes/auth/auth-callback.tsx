import { Loader2 } from "lucide-react";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Verifying your email",
    description: "Adhelm is confirming your email address.",
    path: "/auth/callback",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export default function AuthCallbackPage() {
  return (
    <div className="flex min-h-[calc(100svh-4rem)] items-center justify-center px-4 py-12">
      <div role="status" className="flex max-w-md flex-col items-center gap-4 text-center">
        <Loader2 aria-hidden="true" className="size-10 animate-spin text-primary" />
        <h1 className="font-bold text-2xl tracking-tight">Verifying your email...</h1>
        <p className="text-muted-foreground">This only takes a moment. You will be redirected automatically.</p>
      </div>
    </div>
  );
}
