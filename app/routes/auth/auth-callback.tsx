import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authClient, readSessionTokens } from "#app/lib/auth-client.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Verifying your email",
    description: "Adhelm is confirming your email address.",
    path: "/auth/callback",
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

type Outcome = { to: string; toast?: () => void };

/** POST /auth/handoff (routes/resources/session-handoff.ts), without its flash: this screen toasts. */
async function exchangeHandoff(tokens: { access_token: string; refresh_token: string }) {
  const response = await fetch("/auth/handoff", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, flash: false }),
  });
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  throw new Error(answer?.message ?? "Something went wrong during authentication.");
}

/** The spec's order of checks (§4): a one-time token, then session tokens, then an existing session. */
async function completeAuthentication(search: string, hash: string): Promise<Outcome> {
  const query = new URLSearchParams(search);
  const tokenHash = query.get("token_hash");
  if (tokenHash && query.get("type")) {
    try {
      const { signedIn, message } = await authClient.verifyEmail(tokenHash);
      if (signedIn) return { to: "/dashboard", toast: () => toast.success("Email verified!") };
      // Verified, but this browser did not sign up (or holds another account's session): the
      // link verifies anywhere, and signs in only where the account was created.
      const description = message ?? "Sign in to continue.";
      return { to: "/login", toast: () => toast.success("Email verified!", { description }) };
    } catch (error) {
      console.warn("Verification failed", error);
      const description = error instanceof Error ? error.message : undefined;
      return { to: "/signup", toast: () => toast.error("Verification failed", { description }) };
    }
  }
  const tokens = readSessionTokens(hash) ?? readSessionTokens(search);
  if (tokens) {
    await exchangeHandoff(tokens);
    const title = tokens.type === "signup" ? "Email verified!" : "Welcome back!";
    return { to: "/dashboard", toast: () => toast.success(title) };
  }
  const session = await authClient.getSession();
  return { to: session ? "/dashboard" : "/login" };
}

export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Tokens work once: never run twice for the same visit.
    if (hasStarted.current) return;
    hasStarted.current = true;
    completeAuthentication(search, hash)
      .then((outcome) => {
        outcome.toast?.();
        navigate(outcome.to, { replace: true });
      })
      .catch((error: unknown) => {
        console.warn("Authentication failed", error);
        toast.error("Authentication failed", {
          description: error instanceof Error ? error.message : "Something went wrong during authentication.",
        });
        navigate("/login", { replace: true });
      });
  }, [search, hash, navigate]);

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
