import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { createMailer } from "#adapters/mailer.ts";
import * as sessionHandoffRoute from "#app/routes/resources/session-handoff.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { Logger } from "#core/ports/logger.ts";
import { linkIn, waitForMail } from "#tests/support/outbox.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp } from "./app.ts";
import { createServices } from "./services.ts";

const APP_URL = "https://adhelm.test";
let database: DatabaseHandle | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A JSON-lines logger at the most verbose level, and everything it wrote so far. */
function capturingLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", isPretty: false, destination: { write: (line) => lines.push(line) } });
  return { logger, text: () => lines.join("") };
}

/** Cookies as a browser keeps them: every Set-Cookie is stored and sent back. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const separator = pair.indexOf("=");
        const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
        if (value && !/max-age=0/i.test(cookie)) cookies.set(name, value);
        else cookies.delete(name);
      }
      return response;
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    values: () => [...cookies.values()],
  };
}

describe("production logs", () => {
  it("carry no link, token, cookie or password through sign-up, verification, a reset and its hand-off", async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "log-redaction-"));
    const env = testEnv({
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      APP_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "trace",
    });
    const { logger, text } = capturingLogger();
    const handlePage = createRouteHandler([{ path: "/auth/handoff", module: sessionHandoffRoute }]);
    const app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
    const jar = cookieJar();
    const secrets: string[] = [];
    const send = async (route: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("origin", APP_URL);
      if (jar.header()) headers.set("cookie", jar.header());
      const response = jar.store(await app.request(route, { ...init, headers }));
      secrets.push(...jar.values());
      return response;
    };
    const post = (route: string, body: unknown) =>
      send(route, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

    const email = "ada@example.com";
    const [password, wrongPassword, newPassword] = ["Engine-1843", "Wrong-Engine-1", "Engine-1852"];
    secrets.push(password, wrongPassword, newPassword);
    const signUp = await post("/api/auth/sign-up/email", {
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    expect(signUp.status).toBe(200);

    const [verificationMail] = await waitForMail(dataDir, email);
    const verificationLink = linkIn(verificationMail?.raw ?? "", `${APP_URL}/auth/callback?token_hash=`) ?? "";
    const verificationToken = new URL(verificationLink).searchParams.get("token_hash") ?? "";
    expect(verificationToken).not.toBe("");
    secrets.push(verificationToken, encodeURIComponent(verificationToken));
    expect((await send(`/api/auth/verify-email?token=${encodeURIComponent(verificationToken)}`)).status).toBeLessThan(
      400,
    );
    // A used link and a wrong password are refused, and logged no more than the rest.
    expect((await send(`/api/auth/verify-email?token=${encodeURIComponent(verificationToken)}`)).status).toBe(400);
    expect((await post("/api/auth/sign-in/email", { email, password: wrongPassword })).status).toBe(401);
    expect((await post("/api/auth/sign-in/email", { email, password })).status).toBe(200);

    expect((await post("/api/auth/request-password-reset", { email })).status).toBe(200);
    const mails = await waitForMail(dataDir, email, 2);
    const resetLink = linkIn(mails.at(-1)?.raw ?? "", `${APP_URL}/reset-password?token=`) ?? "";
    const resetToken = new URL(resetLink).searchParams.get("token") ?? "";
    expect(resetToken).not.toBe("");
    secrets.push(resetToken);
    const reset = await post("/api/auth/reset-password", { token: resetToken, newPassword });
    expect(reset.status).toBe(200);
    const { handoff } = (await reset.json()) as { handoff: { access_token: string; refresh_token: string } };
    secrets.push(handoff.access_token, handoff.refresh_token);
    // The landing page posts the hand-off once; a replay is refused (and logged as a warning).
    const handoffBody = { access_token: handoff.access_token, refresh_token: handoff.refresh_token };
    expect((await post("/auth/handoff", handoffBody)).status).toBeLessThan(400);
    expect((await post("/auth/handoff", handoffBody)).status).toBeGreaterThanOrEqual(400);
    const session = await send("/api/auth/get-session");
    expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toBe(email);

    const log = text();
    // The flow was logged: requests, and each mail by recipient, subject and outbox file.
    expect(log).toContain('"msg":"mail (outbox)');
    expect(log).toContain('"subject":"Verify your email for Adhelm"');
    expect(log).toMatch(/"file":"[^"]+\.eml"/);
    expect(log).toContain('"path":"/api/auth/reset-password"');
    for (const secret of new Set(secrets.filter((value) => value.length >= 8))) expect(log).not.toContain(secret);
    expect(log).not.toContain("/auth/callback?token_hash");
    expect(log).not.toContain("/reset-password?token=");
  });
});

describe("the outbox mailer", () => {
  it("logs the text of a mail only when asked to (development), never by default", async () => {
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "log-redaction-"));
    const message = {
      to: "ada@example.com",
      subject: "Reset your password",
      text: `Reset it: ${APP_URL}/reset-password?token=secret-reset-token`,
      html: "<p>Reset it</p>",
    };
    for (const printsBody of [false, true]) {
      const { logger, text } = capturingLogger();
      await createMailer({ from: "Adhelm <no-reply@adhelm.test>", dataDir, logger, printsBody }).send(message);
      expect(text()).toContain('"to":"ada@example.com"');
      expect(text().includes("secret-reset-token")).toBe(printsBody);
    }
  });
});

describe("the logger", () => {
  it("redacts credentials wherever a log line carries them", () => {
    const { logger, text } = capturingLogger();
    logger.info(
      {
        req: { headers: { cookie: "adhelm.session_token=cookie-value", authorization: "Bearer adh_key-value" } },
        res: { headers: { "set-cookie": "adhelm.session_token=set-cookie-value" } },
        body: { password: "password-value", newPassword: "new-password-value", token: "token-value" },
        handoff: { access_token: "access-value", refresh_token: "refresh-value" },
        token_hash: "token-hash-value",
      },
      "request",
    );
    for (const value of ["cookie-value", "adh_key-value", "password-value", "token-value", "access-value"])
      expect(text()).not.toContain(value);
    expect(text()).not.toContain("refresh-value");
    expect(text()).toContain('"msg":"request"');
  });
});
