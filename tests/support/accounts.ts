import { randomUUID } from "node:crypto";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { inject } from "vitest";
import { linkIn } from "./outbox.ts";

export interface CaughtMail {
  to: string[];
  raw: string;
}

export const TEST_PASSWORD = "Engine-1843";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Mails the app sent over SMTP to `to`, as the local catcher received them. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inject("mailUrl")}?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
}

export async function waitForMailTo(to: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`Expected ${count} mail(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function subjectOf(mail: CaughtMail | undefined): string {
  return mail?.raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "";
}

/** The link of the newest mail to `to` that starts with `path` on our app. */
export async function linkMailedTo(to: string, path: string, count = 1): Promise<string> {
  const mails = await waitForMailTo(to, count);
  const link = linkIn(mails.at(-1)?.raw ?? "", `${inject("baseUrl")}${path}`);
  if (!link) throw new Error(`No ${path} link in the mail to ${to}`);
  return link;
}

function api(path: string, body: unknown) {
  return fetch(`${inject("baseUrl")}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: inject("baseUrl") },
    body: JSON.stringify(body),
  });
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

/** A verified account made through the real HTTP flow (sign-up, mailed link), not through the UI. */
export async function createVerifiedUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    firstName: "Ada",
    lastName: "Lovelace",
    companyName: "Analytical Engines",
    ...overrides,
  };
  const signUp = await api("/api/auth/sign-up/email", { ...user, confirmPassword: user.password, acceptTerms: true });
  if (!signUp.ok) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = await linkMailedTo(user.email, "/auth/callback?");
  const token = new URL(link).searchParams.get("token_hash") ?? "";
  const verified = await fetch(`${inject("baseUrl")}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (!verified.ok) throw new Error(`Verification failed: ${verified.status}`);
  return user;
}

/** Signs `user` in over HTTP and gives the browser context the session cookie. */
export async function signInAs(context: BrowserContext, user: TestUser): Promise<void> {
  const response = await api("/api/auth/sign-in/email", { email: user.email, password: user.password });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair = ""] = cookie.split(";");
    const separator = pair.indexOf("=");
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: inject("baseUrl") };
  });
  await context.addCookies(cookies);
}

/** A new page whose browser is signed in as a fresh verified user. */
export async function signedInPage(newPage: () => Promise<Page>, overrides: Partial<TestUser> = {}) {
  const user = await createVerifiedUser(overrides);
  const page = await newPage();
  await signInAs(page.context(), user);
  return { page, user };
}

let fileUser: Promise<TestUser> | undefined;

/** One verified user per test file (module state is per file), created on first use. */
export function sharedTestUser(): Promise<TestUser> {
  fileUser ??= createVerifiedUser();
  return fileUser;
}

/** A new page signed in as this file's shared user. */
export async function newSignedInPage(
  browser: { newPage(options?: BrowserContextOptions): Promise<Page> },
  options: BrowserContextOptions = {},
) {
  const page = await browser.newPage(options);
  await signInAs(page.context(), await sharedTestUser());
  return page;
}

/** A Cookie header for this file's shared user, for plain fetch() calls. */
export async function sharedUserCookie(): Promise<string> {
  const user = await sharedTestUser();
  const response = await api("/api/auth/sign-in/email", { email: user.email, password: user.password });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
