/**
 * The notification routes over HTTP, through the app (createApp over createServices, the route
 * modules' loaders and actions without rendering): the centre (/notifications), the sidebar badge's
 * poll (/notifications/unread) and the push endpoint (/notifications/push). Anonymous visitors get
 * nothing, and a person of another organization can neither read nor mark organization A's
 * notifications, nor touch its people's push subscriptions, even knowing their ids.
 */
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as notificationsRoute from "#app/routes/app/notifications.tsx";
import * as notificationsPushRoute from "#app/routes/resources/notifications-push.ts";
import * as notificationsUnreadRoute from "#app/routes/resources/notifications-unread.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { MONITORING_CATALOG } from "#core/monitoring/monitoring-alert-text.ts";
import type { NewNotification } from "#core/notifications/notification-types.ts";
import { createApp } from "#server/app.ts";
import { createServices, type ServerServices } from "#server/services.ts";
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
  cookie: string;
  userId: string;
  organizationId: string;
}
/** Ada works in organization A, Bo in organization B. */
let ada: Person;
let bo: Person;

async function signUp(email: string): Promise<Person> {
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  const member = await database.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("user.email", "=", email)
    .select(["member.organizationId", "member.userId"])
    .executeTakeFirstOrThrow();
  return { cookie, ...member };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "notifications-access-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/notifications", module: notificationsRoute },
    { path: "/notifications/unread", module: notificationsUnreadRoute },
    { path: "/notifications/push", module: notificationsPushRoute },
  ]);
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

/** A sync alert, as monitoring raises it. */
const syncAlert = (organizationId: string, platform: string): NewNotification => ({
  organizationId,
  kind: "sync",
  severity: "warning",
  message: { catalog: MONITORING_CATALOG, key: "syncFailing", params: { platform, error: "HTTP 503" } },
  link: "/integrations",
  objectType: "connection",
  objectId: `conn-${platform}`,
});

const get = (url: string, person?: Person) => app.request(url, { headers: person ? { cookie: person.cookie } : {} });

/** A form post as the centre's buttons send it. */
const post = (url: string, fields: Record<string, string>, person?: Person) =>
  app.request(url, {
    method: "POST",
    headers: { origin: APP_URL, ...(person ? { cookie: person.cookie } : {}) },
    body: new URLSearchParams(fields),
  });

/** A JSON post as the preferences' push card sends it. */
const postJson = (url: string, body: unknown, person?: Person) =>
  app.request(url, {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/json", ...(person ? { cookie: person.cookie } : {}) },
    body: JSON.stringify(body),
  });

interface CentrePage {
  items: { id: string; title: string; isRead: boolean }[];
  unread: number;
}
const centreOf = async (person: Person, search = ""): Promise<CentrePage> => {
  const response = await get(`/notifications${search}`, person);
  expect(response.status).toBe(200);
  return (await response.json()) as CentrePage;
};
const badgeOf = async (person: Person) => {
  const response = await get("/notifications/unread", person);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return ((await response.json()) as { count: number }).count;
};

describe("anonymous visitors", () => {
  it("are sent to sign in from the centre, and get 401 from its actions, the badge and push", async () => {
    const page = await get("/notifications?state=unread");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fnotifications%3Fstate%3Dunread");

    const markAll = await post("/notifications", { intent: "read-all" });
    expect(markAll.status).toBe(401);
    expect(await markAll.json()).toEqual({ ok: false, message: "That did not work" });

    const badge = await get("/notifications/unread");
    expect(badge.status).toBe(401);
    expect(await badge.json()).toEqual({ error: { code: "unauthorized" } });

    expect((await get("/notifications/push")).status).toBe(401);
    expect((await postJson("/notifications/push", { intent: "test" })).status).toBe(401);
  });

  it("cannot mark anyone's notification read by its id", async () => {
    const id = await services.notifications.notify(syncAlert(ada.organizationId, "Meta"));
    const response = await post("/notifications", { notificationId: String(id) });
    expect(response.status).toBe(401);
    expect((await centreOf(ada)).items.find((item) => item.id === id)?.isRead).toBe(false);
  });
});

describe("another organization", () => {
  it("does not see organization A's notifications in its centre or badge", async () => {
    await services.notifications.notify(syncAlert(ada.organizationId, "Google Ads"));
    const adaCentre = await centreOf(ada);
    expect(adaCentre.items.map((item) => item.title)).toContain("Google Ads failed to sync three times in a row");
    expect(await badgeOf(ada)).toBe(adaCentre.unread);
    expect(adaCentre.unread).toBeGreaterThan(0);

    const boCentre = await centreOf(bo);
    expect(boCentre.items).toEqual([]);
    expect(boCentre.unread).toBe(0);
    expect(await badgeOf(bo)).toBe(0);
  });

  it("cannot mark one of A's notifications read: it does not exist for them, and stays unread for A", async () => {
    const id = String(await services.notifications.notify(syncAlert(ada.organizationId, "TikTok")));
    const before = await badgeOf(ada);

    const response = await post("/notifications", { notificationId: id }, bo);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, message: "This notification does not exist." });
    // Through a fetcher (.data) too.
    expect((await post("/notifications.data", { notificationId: id }, bo)).status).toBe(404);

    expect(await badgeOf(ada)).toBe(before);
    expect((await centreOf(ada)).items.find((item) => item.id === id)?.isRead).toBe(false);
    expect((await centreOf(bo)).items).toEqual([]);
  });

  it("marks only its own when it marks all read", async () => {
    await services.notifications.notify(syncAlert(bo.organizationId, "LinkedIn"));
    const adaUnread = await badgeOf(ada);
    expect(adaUnread).toBeGreaterThan(0);

    const response = await post("/notifications", { intent: "read-all" }, bo);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "1 notification marked as read" });
    expect(await badgeOf(bo)).toBe(0);
    expect(await badgeOf(ada)).toBe(adaUnread);
  });

  it("lets A's own person mark one read and then all, as the centre's buttons do", async () => {
    const id = String(await services.notifications.notify(syncAlert(ada.organizationId, "Shopify")));
    const before = await badgeOf(ada);
    const one = await post("/notifications", { notificationId: id }, ada);
    expect(one.status).toBe(200);
    expect(await badgeOf(ada)).toBe(before - 1);
    expect((await centreOf(ada, "?state=read")).items.map((item) => item.id)).toContain(id);

    const all = await post("/notifications", { intent: "read-all" }, ada);
    expect(await all.json()).toEqual({
      ok: true,
      message: `${before - 1} notification${before - 1 === 1 ? "" : "s"} marked as read`,
    });
    expect(await badgeOf(ada)).toBe(0);
    expect((await centreOf(ada, "?state=unread")).items).toEqual([]);
  });
});

describe("push subscriptions over HTTP", () => {
  /**
   * A browser's PushSubscription.toJSON(): its P-256 public key (65 bytes) and a 16-byte secret. The
   * endpoint is on loopback, which the server's outbound guard refuses: nothing leaves the machine.
   */
  const subscription = (name: string) => ({
    endpoint: `https://127.0.0.1:9/push/${name}`,
    keys: {
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  });

  it("gives a signed-in person the VAPID public key, the same every time", async () => {
    const first = await get("/notifications/push", ada);
    expect(first.status).toBe(200);
    const { publicKey } = (await first.json()) as { publicKey: string };
    // An uncompressed P-256 point, base64url: what PushManager.subscribe's applicationServerKey takes.
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect(await (await get("/notifications/push", bo)).json()).toEqual({ publicKey });
  });

  it("refuses the test before this person subscribed, with a message they can act on", async () => {
    const response = await postJson("/notifications/push", { intent: "test" }, bo);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: "unprocessable_entity",
        message: "This browser is not subscribed to push notifications. Turn push notifications on first.",
      },
    });
  });

  it("refuses a subscription that is not a browser's, and an unknown intent", async () => {
    const bad = await postJson(
      "/notifications/push",
      { intent: "subscribe", subscription: { endpoint: "not a url", keys: {} } },
      ada,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: "bad_request", message: "The push subscription has no valid endpoint." },
    });
    // 65 bytes, but not a point on the curve: no push could ever be encrypted to it.
    const offCurve = { ...subscription("off-curve"), keys: { ...subscription("x").keys } };
    offCurve.keys.p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const notAKey = await postJson("/notifications/push", { intent: "subscribe", subscription: offCurve }, ada);
    expect(notAKey.status).toBe(400);
    expect(await notAKey.json()).toEqual({
      error: { code: "bad_request", message: "The push subscription's key is not valid." },
    });
    expect((await postJson("/notifications/push", { intent: "nope" }, ada)).status).toBe(400);
  });

  it("does not let another organization's person remove A's subscription by its endpoint", async () => {
    const adaBrowser = subscription("ada-laptop");
    const saved = await postJson("/notifications/push", { intent: "subscribe", subscription: adaBrowser }, ada);
    expect(saved.status).toBe(200);

    const byBo = await postJson("/notifications/push", { intent: "unsubscribe", endpoint: adaBrowser.endpoint }, bo);
    expect(await byBo.json()).toEqual({ ok: true, removed: false });
    // Ada is still subscribed: her test is tried (and fails: the guard keeps pushes off loopback).
    const test = await postJson("/notifications/push", { intent: "test" }, ada);
    expect(test.status).toBe(200);
    expect(await test.json()).toEqual({ ok: true, delivered: 0, failed: 1, removed: 0 });

    const byAda = await postJson("/notifications/push", { intent: "unsubscribe", endpoint: adaBrowser.endpoint }, ada);
    expect(await byAda.json()).toEqual({ ok: true, removed: true });
    expect((await postJson("/notifications/push", { intent: "test" }, ada)).status).toBe(422);
  });
});
