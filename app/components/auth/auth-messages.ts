import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AuthRequestError } from "#app/lib/auth-client.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";

/**
 * The reasons server/routes/auth.ts gives for a 429, each followed by "Try again in N minutes."
 * (core/rate-limit describeWait): the reason is translated as a message, the wait with plurals.
 */
const RATE_LIMIT_REASONS: readonly string[] = [
  "Too many failed sign-in attempts.",
  "Too many emails were sent to this address.",
  "Too many sign-ups from your network.",
];
const WAIT = /^(.+?) Try again in (\d+) (second|minute)s?\.$/;

/** Refusals known by their code, whose English text is the server's own. */
const CODE_KEYS = {
  TOKEN_ALREADY_USED: "errors.linkUsed",
  INVALID_TOKEN: "errors.invalidToken",
  TOKEN_EXPIRED: "errors.tokenExpired",
} as const;

function isKnownCode(code: string): code is keyof typeof CODE_KEYS {
  return code in CODE_KEYS;
}

/**
 * A failed auth request's message in the reader's language: the server's English text is the key
 * (messages-auth), so English reads exactly as the server wrote it. Unknown messages stay as they are.
 */
export function authErrorMessage(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof AuthRequestError && isKnownCode(error.code)) return t(`auth:${CODE_KEYS[error.code]}`);
  const wait = WAIT.exec(error.message);
  if (wait && RATE_LIMIT_REASONS.includes(wait[1] ?? "")) {
    const count = Number(wait[2]);
    const retry =
      wait[3] === "second" ? t("auth:errors.retryInSeconds", { count }) : t("auth:errors.retryInMinutes", { count });
    return `${translateMessage(t, wait[1] ?? "")} ${retry}`;
  }
  return translateMessage(t, error.message);
}

/** `t` of the auth screens, with `message` for core's validation messages and `errorMessage` for failed requests. */
export function useAuthTranslation() {
  const { t } = useTranslation("auth");
  return {
    t,
    message: (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text)),
    errorMessage: (error: unknown) => authErrorMessage(t, error),
  };
}
