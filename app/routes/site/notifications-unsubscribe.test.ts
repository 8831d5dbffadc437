/**
 * The one-click unsubscribe of notification mails over HTTP, through the app: the link a critical
 * alert's mail carries (in its text and in its List-Unsubscribe header) only asks when it is opened
 * (mail scanners open links too), and turns the person's notification mail off when the page's
 * button or the mail client (RFC 8058: a POST of "List-Unsubscribe=One-Click", no cookie, no
 * Origin) posts it. A forged, altered or missing token changes nothing and says the link is not valid.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as unsubscribeRoute from "#app/routes/site/notifications-unsubscribe.tsx";
import { createPreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { MONITORING_CATALOG } from "#core/monitoring/monitoring-alert-text.ts";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import { createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
import { linkIn, readOutbox, waitForMail } from "#tests/support/outbox.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let services: ServerServices;
let app: ReturnType<typeof createApp>;
interface Person {
  email: string;
  userId: string;
  organizationId: string;
}
let ada: Person;
let bo: Person;

async function signUp(email: string): Promise<Person> {
  await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const member = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select(["member.organizationId", "member.userId"])
    .executeTakeFirstOrThrow();
  return { email, ...member };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "notifications-unsubscribe-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([{ path: "/notifications/unsubscribe", module: unsubscribeRoute }]);
  services = createServices({ env, database, logger });
  app = createApp({ env, logger, services, handlePage });
  ada = await signUp("ada@example.com");
  bo = await signUp("bo@example.com");
});

afterAll(async () => {
  await services?.publicApi.stop();
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A critical alert, mailed at once to everyone in the organization whose preferences allow it. */
const tokenRevoked = (organizationId: string): NewNotification => ({
  organizationId,
  kind: "token",
  severity: "critical",
  message: { catalog: MONITORING_CATALOG, key: "tokenRevoked", params: { platform: "Meta" } },
  link: "/integrations",
});

const isEmailOn = async (person: Person) =>
  (await createPreferencesRepository(database.db).findByUserId(person.userId)).notifications.email;

/** Alert mails to a person (not the sign-up's verification mail). */
const alertMailsTo = (person: Person) =>
  readOutbox(dataDir).filter((mail) => mail.to.includes(person.email) && /List-Unsubscribe:/i.test(mail.raw));

/** What a mail client reads: the List-Unsubscribe headers, and the link in the text. */
async function unsubscribeOf(person: Person) {
  const before = alertMailsTo(person).length;
  await services.notifications.notify(tokenRevoked(person.organizationId));
  const mails = await waitForMail(dataDir, person.email, before + 2);
  const mail = mails.filter((each) => /List-Unsubscribe:/i.test(each.raw)).at(-1);
  const raw = (mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
  const header = raw.match(/^List-Unsubscribe: <([^>]+)>/im)?.[1] ?? "";
  return {
    header,
    post: raw.match(/^List-Unsubscribe-Post: (.*)$/im)?.[1]?.trim(),
    link: linkIn(mail?.raw ?? "", `${APP_URL}/notifications/unsubscribe?`),
  };
}

/** The path and query of a mailed link, as the in-process app takes it. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The mail client's RFC 8058 one-click POST: no cookie, no Origin, the fixed body. */
const oneClick = (url: string) =>
  app.request(local(url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("a notification mail's unsubscribe", () => {
  it("carries the same link in its List-Unsubscribe header and its text, for one-click POST", async () => {
    const { header, post, link } = await unsubscribeOf(ada);
    expect(header).toMatch(/^http:\/\/localhost:3000\/notifications\/unsubscribe\?token=[\w.%-]+$/);
    expect(post).toBe("List-Unsubscribe=One-Click");
    expect(link).toBe(header);
  });

  it("only asks when opened: the mail stays on", async () => {
    const { link } = await unsubscribeOf(ada);
    const response = await app.request(local(String(link)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      token: new URL(String(link)).searchParams.get("token"),
      link: { email: ada.email, isEmailOn: true },
    });
    expect(await isEmailOn(ada)).toBe(true);
  });

  it("turns email notifications off with the mail client's one-click POST, without signing in", async () => {
    const { header } = await unsubscribeOf(ada);
    const response = await oneClick(header);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isDone: true });
    expect(await isEmailOn(ada)).toBe(false);

    // The page now says so, and the next critical alert is not mailed (it is still in the centre).
    expect(await (await app.request(local(header))).json()).toMatchObject({
      link: { email: ada.email, isEmailOn: false },
    });
    const mailed = alertMailsTo(ada).length;
    await services.notifications.notify(tokenRevoked(ada.organizationId));
    expect(alertMailsTo(ada)).toHaveLength(mailed);
    // Again is fine: still off, still done.
    expect(await (await oneClick(header)).json()).toEqual({ isDone: true });
  });

  it("turns it off from the page's button too (the token in the form)", async () => {
    const { link } = await unsubscribeOf(bo);
    const token = String(new URL(String(link)).searchParams.get("token"));
    const response = await app.request("/notifications/unsubscribe", {
      method: "POST",
      headers: { origin: APP_URL },
      body: new URLSearchParams({ token }),
    });
    expect(await response.json()).toEqual({ isDone: true });
    expect(await isEmailOn(bo)).toBe(false);
  });
});

describe("a bad unsubscribe link", () => {
  it("is not valid, whether garbage, empty, or one person's id with another's signature", async () => {
    const preferences = createPreferencesRepository(database.db);
    const adaPreferences = await preferences.findByUserId(ada.userId);
    await preferences.save(ada.userId, {
      ...adaPreferences,
      notifications: { ...adaPreferences.notifications, email: true },
    });
    const carol = await signUp("carol@example.com");
    const { header } = await unsubscribeOf(carol);
    const [, signature] = String(new URL(header).searchParams.get("token")).split(".");
    const adaPayload = Buffer.from(ada.userId, "utf8").toString("base64url");
    const forged = ["garbage", "", `${adaPayload}.${signature}`, `${adaPayload}.`, `${adaPayload}.${signature}.extra`];
    for (const token of forged) {
      const url = `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      const page = await app.request(url);
      expect(page.status).toBe(200);
      expect(await page.json()).toEqual({ token, link: null });
      expect(await (await oneClick(`${APP_URL}${url}`)).json()).toEqual({ isDone: false });
    }
    expect(await (await app.request("/notifications/unsubscribe")).json()).toEqual({ token: "", link: null });
    expect(await isEmailOn(ada)).toBe(true);
    expect(await isEmailOn(carol)).toBe(true);
  });
});
