/**
 * Account → Security and Settings → Audit log over HTTP, in process, with real sign-ups and
 * sign-ins: a person sees only their own sessions, signs one out (its cookie stops working at
 * once) or all the others (the current one keeps working), and cannot touch anyone else's. Each
 * sign-in lands in the audit log, which only admins read, on the page and as CSV.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as accountSecurityRoute from "#app/routes/app/account-security.tsx";
import * as settingsAuditRoute from "#app/routes/app/settings-audit.tsx";
import * as auditCsvRoute from "#app/routes/resources/audit-csv.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";
const PASSWORD = "Engine-1843";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "account-security-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/account/security", module: accountSecurityRoute },
    { path: "/settings/audit", module: settingsAuditRoute },
    { path: "/exports/audit-log.csv", module: auditCsvRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Session {
  id: string;
  browser: string | null;
  os: string | null;
  device: string;
  isCurrent: boolean;
}

async function signUp(): Promise<{ email: string; cookie: string }> {
  const email = `ada-${randomUUID()}@example.com`;
  return { email, cookie: await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email }) };
}

/** A sign-in from another browser: its own session cookie. */
async function signIn(email: string, userAgent: string): Promise<string> {
  const response = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, "user-agent": userAgent },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function sessionsOf(cookie: string): Promise<Session[]> {
  const response = await app.request("/account/security", { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: Session[] }).sessions;
}

async function post(cookie: string, fields: Record<string, string>) {
  const response = await app.request("/account/security.data", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_URL, cookie },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const response = await app.request("/account/security", { headers: { cookie } });
  if (response.status === 302) {
    expect(response.headers.get("location")).toMatch(/^\/login/);
    return false;
  }
  expect(response.status).toBe(200);
  return true;
}

describe("Account → Security", () => {
  it("lists the person's own sessions with their device, this one first", async () => {
    const ada = await signUp();
    await signIn(ada.email, FIREFOX_ON_WINDOWS);
    const other = await signUp();

    const sessions = await sessionsOf(ada.cookie);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.isCurrent).toBe(true);
    expect(sessions[1]).toMatchObject({ isCurrent: false, browser: "Firefox", os: "Windows", device: "desktop" });
    expect(await sessionsOf(other.cookie)).toHaveLength(1);
  });

  it("signs one other session out: its cookie stops working, this one keeps working", async () => {
    const ada = await signUp();
    const phone = await signIn(ada.email, SAFARI_ON_IPHONE);
    const target = (await sessionsOf(ada.cookie)).find((session) => !session.isCurrent);
    expect(target).toMatchObject({ browser: "Safari", os: "iOS", device: "mobile" });

    const answer = await post(ada.cookie, { intent: "revoke", sessionId: target?.id ?? "" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, intent: "revoke" } });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(ada.cookie)).toBe(true);
    expect(await sessionsOf(ada.cookie)).toHaveLength(1);
  });

  it("cannot sign out another person's session (not found), and nothing changes", async () => {
    const ada = await signUp();
    const max = await signUp();
    const [maxSession] = await sessionsOf(max.cookie);
    const answer = await post(ada.cookie, { intent: "revoke", sessionId: maxSession?.id ?? "" });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ ok: false, message: "This session has already ended." });
    expect(await isSignedIn(max.cookie)).toBe(true);
    // Nor its own current session through this door.
    const [own] = await sessionsOf(ada.cookie);
    expect((await post(ada.cookie, { intent: "revoke", sessionId: own?.id ?? "" })).status).toBe(409);
    expect(await isSignedIn(ada.cookie)).toBe(true);
  });

  it("signs out every other session at once, and keeps the current one", async () => {
    const ada = await signUp();
    const laptop = await signIn(ada.email, FIREFOX_ON_WINDOWS);
    const phone = await signIn(ada.email, SAFARI_ON_IPHONE);
    const max = await signUp();
    const answer = await post(ada.cookie, { intent: "revoke-others" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, intent: "revoke-others", revoked: 2 } });
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(ada.cookie)).toBe(true);
    expect(await isSignedIn(max.cookie)).toBe(true);
  });

  it("refuses an anonymous visitor", async () => {
    expect(await isSignedIn("")).toBe(false);
    expect((await post("", { intent: "revoke-others" })).status).toBe(401);
  });
});

describe("Settings → Audit log over HTTP", () => {
  it("shows the owner each sign-in with its browser, and exports it as CSV", async () => {
    const ada = await signUp();
    await signIn(ada.email, FIREFOX_ON_WINDOWS);
    const page = await app.request("/settings/audit?action=auth", { headers: { cookie: ada.cookie } });
    expect(page.status).toBe(200);
    const { events } = (await page.json()) as {
      events: Array<{ action: string; details: Record<string, unknown> | null }>;
    };
    // The sign-up's verification and the second browser's sign-in.
    expect(events.map((event) => event.action)).toEqual(["auth.signed_in", "auth.signed_in"]);
    expect(events[0]?.details).toMatchObject({ method: "password", userAgent: FIREFOX_ON_WINDOWS });

    const csv = await app.request("/exports/audit-log.csv?action=auth", { headers: { cookie: ada.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Actor,Actor type,Action,Target type,Target,Details,IP address");
    expect(lines.slice(1).every((line) => line.includes("auth.signed_in"))).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it.each(["manager", "analyst", "viewer"])("refuses the role %s the page and the CSV with 403", async (role) => {
    const ada = await signUp();
    const max = await signUp();
    // Max joins Ada's organization with the role, and his session works in it.
    const adaMembership = await database.db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.organizationId", "user.id"])
      .where("user.email", "=", ada.email)
      .executeTakeFirstOrThrow();
    const maxUser = await database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", max.email)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: adaMembership.organizationId,
        userId: maxUser.id,
        role,
        createdAt: new Date(),
      })
      .execute();
    await database.db
      .updateTable("session")
      .set({ activeOrganizationId: adaMembership.organizationId })
      .where("userId", "=", maxUser.id)
      .execute();

    const page = await app.request("/settings/audit", { headers: { cookie: max.cookie } });
    expect(page.status).toBe(403);
    expect(await page.json()).toMatchObject({ state: "refused" });
    const csv = await app.request("/exports/audit-log.csv", { headers: { cookie: max.cookie } });
    expect(csv.status).toBe(403);
    expect((await app.request("/settings/audit", { headers: { cookie: ada.cookie } })).status).toBe(200);
  });
});
