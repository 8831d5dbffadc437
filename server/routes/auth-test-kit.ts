/** Shared setup of the in-process auth tests (server/routes/auth*.test.ts): real app, real database. */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as sessionHandoffRoute from "#app/routes/resources/session-handoff.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

export const APP_URL = "http://localhost:3000";
export const PASSWORD = "Engine-1843";
export const logger = createLogger({ level: "silent", isPretty: false });

let database: DatabaseHandle | undefined;
let dataDir: string | undefined;

/** Call once per test file: closes what setup() opened after each test. */
export function cleanUpAfterEach() {
  afterEach(async () => {
    await database?.close().catch(() => {});
    database = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A browser's cookies: what responses set, sent back on the next requests. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (value === "" || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export async function setup(overrides: Record<string, string> = {}) {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "auth-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, ...overrides });
  const services = createServices({ env, database, logger });
  const handlePage = createRouteHandler([{ path: "/auth/handoff", module: sessionHandoffRoute }]);
  const app = createApp({ env, logger, services, handlePage });
  const request = (route: string, init: RequestInit = {}, jar?: CookieJar) => {
    const headers = new Headers(init.headers);
    if (jar?.header()) headers.set("cookie", jar.header());
    return Promise.resolve(app.request(route, { ...init, headers })).then(
      (response) => jar?.store(response) ?? response,
    );
  };
  const post = (route: string, body: unknown, headers: Record<string, string> = {}, jar?: CookieJar) =>
    request(
      route,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, ...headers },
        body: JSON.stringify(body),
      },
      jar,
    );
  const session = async (jar: CookieJar) => {
    const response = await request("/api/auth/get-session", {}, jar);
    return (await response.json()) as { user: { email: string; id: string }; session: { id: string } } | null;
  };
  return { app, env, services, request, post, session, dataDir, db: database.db };
}

export type AuthContext = Awaited<ReturnType<typeof setup>>;

export const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  companyName: "Analytical Engines",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
  ...extra,
});

export function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The Cookie header a browser would send after `response`, left-over cleared cookies aside. */
export function sessionCookieHeader(response: Response): string {
  return cookiesOf(response)
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The token of the newest mailed link that starts with `prefix` (a query parameter `param`). */
export async function mailedToken(context: AuthContext, email: string, prefix: string, param: string, count = 1) {
  const mails = await waitForMail(context.dataDir, email, count);
  const link = linkIn(mails.at(-1)?.raw ?? "", `${APP_URL}${prefix}`);
  return new URL(link ?? APP_URL).searchParams.get(param) ?? "";
}

/** Signs up and follows the verification link in the same browser (`jar`), which signs it in. */
export async function verifiedUser(context: AuthContext, email: string, jar = new CookieJar()) {
  await context.post("/api/auth/sign-up/email", signup(email), {}, jar);
  const token = await mailedToken(context, email, "/auth/callback?", "token_hash");
  const verified = await context.request(`/api/auth/verify-email?token=${token}`, {}, jar);
  return { token, verified, jar };
}

/** Asks for a reset link and returns its token. */
export async function resetToken(context: AuthContext, email: string, mailCount = 2) {
  await context.post("/api/auth/request-password-reset", { email });
  return mailedToken(context, email, "/reset-password?token=", "token", mailCount);
}
