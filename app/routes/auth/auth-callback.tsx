import type { TFunction } from "i18next";
import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authErrorMessage, useAuthTranslation } from "#app/components/auth/auth-messages.ts";
import { authPageMeta } from "#app/components/auth/auth-meta.ts";
import { authClient, readSessionTokens } from "#app/lib/auth-client.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { translatedPage } from "#app/lib/i18n/translated.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = ({ matches }) =>
  authPageMeta(matches, { page: "callback", path: "/auth/callback" });

export const handle = translatedPage;

type Outcome = { to: string; toast?: () => void };

/** POST /auth/handoff (routes/resources/session-handoff.ts), without its flash: this screen toasts. */
async function exchangeHandoff(t: TFunction, tokens: { access_token: string; refresh_token: string }) {
  const response = await fetch("/auth/handoff", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, flash: false }),
  });
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  throw new Error(answer?.message ? translateMessage(t, answer.message) : t("auth:callback.failedFallback"));
}

/** The spec's order of checks (§4): a one-time token, then session tokens, then an existing session. */
async function completeAuthentication(t: TFunction, search: string, hash: string): Promise<Outcome> {
  const query = new URLSearchParams(search);
  const tokenHash = query.get("token_hash");
  if (tokenHash && query.get("type")) {
    // A sign-up through an invitation comes back to it (same-site paths only).
    const next = safeRedirectTarget(query.get("redirectTo"));
    try {
      const { signedIn, message } = await authClient.verifyEmail(tokenHash);
      const verified = t("auth:callback.verified");
      if (signedIn) return { to: next, toast: () => toast.success(verified) };
      // Verified, but this browser did not sign up (or holds another account's session): the
      // link verifies anywhere, and signs in only where the account was created.
      const description = message ? translateMessage(t, message) : t("auth:callback.signInToContinue");
      const signIn = next === "/dashboard" ? "/login" : `/login?${new URLSearchParams({ redirectTo: next })}`;
      return { to: signIn, toast: () => toast.success(verified, { description }) };
    } catch (error) {
      console.warn("Verification failed", error);
      const description = authErrorMessage(t, error);
      return { to: "/signup", toast: () => toast.error(t("auth:callback.verificationFailed"), { description }) };
    }
  }
  const tokens = readSessionTokens(hash) ?? readSessionTokens(search);
  if (tokens) {
    await exchangeHandoff(t, tokens);
    const title = tokens.type === "signup" ? t("auth:callback.verified") : t("auth:callback.welcomeBack");
    return { to: "/dashboard", toast: () => toast.success(title) };
  }
  const session = await authClient.getSession();
  return { to: session ? "/dashboard" : "/login" };
}

export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const { t } = useAuthTranslation();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Tokens work once: never run twice for the same visit.
    if (hasStarted.current) return;
    hasStarted.current = true;
    completeAuthentication(t, search, hash)
      .then((outcome) => {
        outcome.toast?.();
        navigate(outcome.to, { replace: true });
      })
      .catch((error: unknown) => {
        console.warn("Authentication failed", error);
        toast.error(t("callback.failed"), {
          description: error instanceof Error ? authErrorMessage(t, error) : t("callback.failedFallback"),
        });
        navigate("/login", { replace: true });
      });
  }, [search, hash, navigate, t]);

  return (
    <div className="flex min-h-[calc(100svh-4rem)] items-center justify-center px-4 py-12">
      <div role="status" className="flex max-w-md flex-col items-center gap-4 text-center">
        <Loader2 aria-hidden="true" className="size-10 animate-spin text-primary" />
        <h1 className="font-bold text-2xl tracking-tight">{t("callback.heading")}</h1>
        <p className="text-muted-foreground">{t("callback.body")}</p>
      </div>
    </div>
  );
}
