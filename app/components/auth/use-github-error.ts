import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";

const READABLE_ERRORS: Record<string, string> = {
  access_denied: "You cancelled the GitHub authorization.",
  account_not_linked: "This email already has an account. Sign in with your password first.",
  unable_to_get_user_info: "GitHub did not share a verified email address with us.",
  email_not_found: "GitHub did not share a verified email address with us.",
};

/** GitHub's OAuth errors come back as ?github_error=1&error=…; shown once, then removed from the URL. */
export function useGitHubErrorToast(title: "GitHub sign in failed" | "GitHub sign up failed") {
  const [searchParams, setSearchParams] = useSearchParams();
  const hasError = searchParams.has("github_error");
  useEffect(() => {
    if (!hasError) return;
    const code = searchParams.get("error") ?? "";
    const description =
      searchParams.get("error_description") ||
      READABLE_ERRORS[code] ||
      "GitHub could not sign you in. Please try again.";
    console.warn(title, code);
    toast.error(title, { description });
    setSearchParams({}, { replace: true });
  }, [hasError, searchParams, setSearchParams, title]);
}
