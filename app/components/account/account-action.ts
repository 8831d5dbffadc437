import { data } from "react-router";
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
}

export type ProfileActionResult =
  | { ok: true; intent: "profile"; profile: ProfileFormValues }
  | { ok: true; intent: "avatar"; avatarUrl: string }
  | ActionRefusal;

export type PreferencesActionResult = { ok: true; preferences: Preferences } | ActionRefusal;

/**
 * A fetcher needs an answer it can show, not a redirect to /login. (A plain form post that gets
 * this 401 still lands on /login: the app layout's loader redirects when it runs next.)
 */
export function refuseAnonymous() {
  return data<ActionRefusal>(
    { ok: false, reason: "unauthenticated", title: "Not signed in", message: NO_SESSION_MESSAGE },
    { status: 401 },
  );
}

/** An AppError becomes a refusal with its status; anything else is logged by the caller and answered as 500. */
export function refuseWith(error: unknown, onUnexpected: (error: unknown) => void) {
  if (error instanceof AppError) {
    const title = typeof error.details?.title === "string" ? error.details.title : "Request refused";
    const fieldErrors = readFieldErrors(error.details?.fieldErrors);
    return data<ActionRefusal>(
      { ok: false, reason: error.status < 500 ? "invalid" : "failed", title, message: error.message, fieldErrors },
      { status: error.status },
    );
  }
  onUnexpected(error);
  return data<ActionRefusal>(
    { ok: false, reason: "failed", title: "Something went wrong", message: "Something went wrong on our side." },
    { status: 500 },
  );
}

function readFieldErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
