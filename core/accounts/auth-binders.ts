import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Env } from "#core/config/env.ts";

/**
 * Browser binders: a random value in an HttpOnly, SameSite=Strict cookie of the browser that
 * started a flow (a password reset, a sign-up), with only its digest stored server-side. Whatever
 * that flow signs in later (the reset's hand-off, the verification link) signs in only the browser
 * that still holds the cookie, so a link or token pair replayed in another browser cannot sign that
 * browser in (login CSRF). SameSite=Strict keeps the cookie off requests other sites start.
 */
export const HANDOFF_BINDER_SECONDS = 10 * 60;
export const SIGNUP_BINDER_SECONDS = 24 * 60 * 60;

const BINDER_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const digestOf = (value: string) => createHash("sha256").update(value).digest("base64url");

export function newBinder(): string {
  return randomBytes(32).toString("base64url");
}

/** Constant-time comparison of two digests. */
export function digestsMatch(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface BinderCookie {
  readonly name: string;
  set(value: string): string;
  clear(): string;
  /** The binder this request carries, if well-formed. */
  read(cookieHeader: string | null | undefined): string | null;
}

function binderCookie(env: Pick<Env, "isProduction" | "APP_URL">, suffix: string, maxAge: number): BinderCookie {
  // Named and secured like the session cookie (core/accounts/auth-server.ts): __Host- in production.
  const name = `${env.isProduction ? "__Host-adhelm" : "adhelm"}.${suffix}`;
  const secure = env.isProduction || env.APP_URL.startsWith("https://") ? "; Secure" : "";
  const attributes = (age: number) => `Path=/; Max-Age=${age}; HttpOnly; SameSite=Strict${secure}`;
  return {
    name,
    set: (value) => `${name}=${value}; ${attributes(maxAge)}`,
    clear: () => `${name}=; ${attributes(0)}`,
    read(cookieHeader) {
      for (const part of cookieHeader?.split(";") ?? []) {
        const separator = part.indexOf("=");
        if (part.slice(0, separator).trim() !== name) continue;
        const value = part.slice(separator + 1).trim();
        if (BINDER_PATTERN.test(value)) return value;
      }
      return null;
    },
  };
}

export function binderCookies(env: Pick<Env, "isProduction" | "APP_URL">) {
  return {
    /** Set by a password reset; the hand-off it returns needs it (app/routes/resources/session-handoff.ts). */
    handoff: binderCookie(env, "handoff_binder", HANDOFF_BINDER_SECONDS),
    /** Set by sign-up and by a new verification mail; the verification link signs in only with it. */
    signup: binderCookie(env, "signup_binder", SIGNUP_BINDER_SECONDS),
  };
}

interface VerificationStore {
  createVerificationValue(value: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
  consumeVerificationValue(identifier: string): Promise<unknown | null>;
}

const signupBinderIdentifier = (email: string, binder: string) => `signup-binder:${email}:${digestOf(binder)}`;

/** Remembers that this browser (its binder) asked for a verification mail to `email`. */
export async function rememberSignupBinder(store: VerificationStore, email: string, binder: string): Promise<void> {
  await store.createVerificationValue({
    identifier: signupBinderIdentifier(email, binder),
    value: "signup-binder",
    expiresAt: new Date(Date.now() + SIGNUP_BINDER_SECONDS * 1000),
  });
}

/** Whether this browser asked for a verification mail to `email`; works once. */
export async function consumeSignupBinder(store: VerificationStore, email: string, binder: string | null) {
  if (!binder) return false;
  return (await store.consumeVerificationValue(signupBinderIdentifier(email, binder))) !== null;
}
