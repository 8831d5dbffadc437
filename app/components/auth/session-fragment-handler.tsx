import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { authClient, readSessionTokens } from "../../lib/auth-client.ts";

const SIGN_IN_TYPES = new Set(["signup", "recovery"]);

/**
 * On the landing page: session tokens of type signup or recovery in the URL fragment sign the
 * visitor in, the fragment is cleared, and the visitor goes to the dashboard (spec §2).
 */
export function SessionFragmentHandler() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const handledHash = useRef<string | null>(null);

  useEffect(() => {
    const tokens = readSessionTokens(hash);
    if (!tokens || !SIGN_IN_TYPES.has(tokens.type) || handledHash.current === hash) return;
    handledHash.current = hash;
    // Clear the fragment first: tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    authClient
      .exchangeHandoff(tokens)
      .then(() => {
        toast.success("Welcome to Adhelm!");
        navigate("/dashboard", { replace: true });
      })
      .catch((error: unknown) => {
        console.warn("Authentication failed", error);
        toast.error("Authentication failed", {
          description: error instanceof Error ? error.message : "Something went wrong during authentication.",
        });
      });
  }, [hash, navigate]);

  return null;
}
