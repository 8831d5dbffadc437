import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "sonner";

const READABLE_ERRORS: Record<
  string,
  "github.errors.accessDenied" | "github.errors.accountNotLinked" | "github.errors.noEmail"
> = {
  access_denied: "github.errors.accessDenied",
  account_not_linked: "github.errors.accountNotLinked",
  unable_to_get_user_info: "github.errors.noEmail",
  email_not_found: "github.errors.noEmail",
};

/** GitHub's OAuth errors come back as ?github_error=1&error=…; shown once, then removed from the URL. */
export function useGitHubErrorToast(from: "login" | "signup") {
  const { t, i18n } = useTranslation("auth");
  const [searchParams, setSearchParams] = useSearchParams();
  const hasError = searchParams.has("github_error");
  useEffect(() => {
    if (!hasError) return;
    const title = from === "login" ? t("github.signInFailed") : t("github.signUpFailed");
    const code = searchParams.get("error") ?? "";
    const readable = READABLE_ERRORS[code] ? t(READABLE_ERRORS[code]) : undefined;
    // GitHub's own description is English: another language's reader gets our sentence when we know the code.
    const description =
      (i18n.language !== "en" ? readable : undefined) ||
      searchParams.get("error_description") ||
      readable ||
      t("github.errors.fallback");
    console.warn(title, code);
    toast.error(title, { description });
    setSearchParams({}, { replace: true });
  }, [hasError, searchParams, setSearchParams, from, t, i18n.language]);
}
