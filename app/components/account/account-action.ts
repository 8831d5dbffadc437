import type { TFunction } from "i18next";
import { data } from "react-router";
import { billingRefusalMessage, refusedLimit } from "#app/components/billing/billing-refusal.ts";
import { i18nFor, translateMessage } from "#app/lib/i18n/i18n.ts";
import type { Preferences } from "#core/accounts/preferences-schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ProfileFormValues } from "./profile-values.ts";

export const NO_SESSION_MESSAGE = "No user logged in";

/**
 * Why an account action did not do what was asked: `invalid` (the input was refused, the message
 * says why), `unauthenticated` (no session) or `failed` (our fault).
 */
export interface ActionRefusal {
  ok: false;
  reason: "invalid" | "unauthenticated" | "failed";
  title: string;
  message: string;
  /** Field name (dotted for nested preferences) to the message shown under that field. */
  fieldErrors?: Record<string, string>;
  /** The plan limit that refused it (billing's "adAccounts", "members", "rules"): the toast offers Upgrade. */
  limit?: string;
}

export type ProfileActionResult =
  | { ok: true; intent: "profile"; profile: ProfileFormValues }
  | { ok: true; intent: "avatar"; avatarUrl: string }
  | ActionRefusal;

/** The toast after a save, in the language the preferences now hold. */
export type PreferencesActionResult =
  | { ok: true; preferences: Preferences; toast: { title: string; description: string } }
  | ActionRefusal;

/** A translator, as `translatorFor(request, context)` gives one; English when the caller has none. */
type Translate = TFunction;

// English's catalogs are always loaded, so its instance always exists.
const english = (): Translate => (i18nFor("en") as NonNullable<ReturnType<typeof i18nFor>>).t;

/**
 * A fetcher needs an answer it can show, not a redirect to /login. (A plain form post that gets
 * this 401 still lands on /login: the app layout's loader redirects when it runs next.)
 */
export function refuseAnonymous(t: Translate = english()) {
  return data<ActionRefusal>(
    {
      ok: false,
      reason: "unauthenticated",
      title: t("account:refusal.notSignedIn"),
      message: translateMessage(t, NO_SESSION_MESSAGE),
    },
    { status: 401 },
  );
}

/**
 * An AppError becomes a refusal with its status, its title and messages in the reader's language
 * (`t`); anything else is logged by the caller and answered as 500.
 */
export function refuseWith(error: unknown, onUnexpected: (error: unknown) => void, t: Translate = english()) {
  if (error instanceof AppError) {
    const title =
      typeof error.details?.title === "string"
        ? translateMessage(t, error.details.title)
        : t("account:refusal.refused");
    const fieldErrors = readFieldErrors(error.details?.fieldErrors, t);
    return data<ActionRefusal>(
      {
        ok: false,
        reason: error.status < 500 ? "invalid" : "failed",
        title,
        // A plan limit or another billing refusal with figures is worded from the details' figures.
        message: billingRefusalMessage(t, error.details) ?? translateMessage(t, error.message),
        fieldErrors,
        ...(refusedLimit(error.details) ? { limit: refusedLimit(error.details) } : {}),
      },
      { status: error.status },
    );
  }
  onUnexpected(error);
  return data<ActionRefusal>(
    {
      ok: false,
      reason: "failed",
      title: t("account:refusal.failedTitle"),
      message: t("account:refusal.failedMessage"),
    },
    { status: 500 },
  );
}

function readFieldErrors(value: unknown, t: Translate): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0
    ? Object.fromEntries(entries.map(([field, message]) => [field, translateMessage(t, message)]))
    : undefined;
}
