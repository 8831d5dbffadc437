/**
 * The organization switcher's routes and /settings/general over HTTP, in process: a person switches
 * only to their own organizations, Create New makes them the owner and switches their session, and
 * the settings are changed by admins only (403 for the other roles, nothing saved).
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as settingsRoute from "#app/routes/app/settings-general.tsx";
import * as createRoute from "#app/routes/resources/organization-create.ts";
import * as listRoute from "#app/routes/resources/organization-list.ts";
import * as switchRoute from "#app/routes/resources/organization-switch.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const APP_URL = "http://localhost:3000";

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "settings-general-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/settings/general", module: settingsRoute },
    { path: "/organizations/mine", module: listRoute },
    { path: "/organizations/switch", module: switchRoute },
    { path: "/organizations/new", module: createRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let people = 0;
async function signUp() {
  const email = `ada-${Date.now()}-${people++}@example.com`;
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email });
  return { cookie, ...(await listOf(cookie))[0]! };
}

async function listOf(cookie: string) {
  const response = await app.request("/organizations/mine", { headers: { cookie } });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      organizations: Array<{ organizationId: string; name: string; role: string; isActive: boolean }>;
    }
  ).organizations;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (cookie: string) => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: APP_URL,
  cookie,
});

async function postSettings(cookie: string, body: unknown) {
  const response = await app.request("/settings/general.data", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function settingsOf(cookie: string) {
  const response = await app.request("/settings/general.data", { headers: { cookie } });
  return ((await response.json()) as { settings: Record<string, unknown> }).settings;
}

const VALUES = { name: "Analytical Agency", timeZone: "Europe/London", currency: "GBP", defaultAttribution: "store" };

describe("switching and creating organizations over HTTP", () => {
  it("refuses anonymous visitors", async () => {
    expect((await app.request("/organizations/mine")).status).toBe(401);
    const refused = await app.request("/organizations/new", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_URL },
      body: form({ name: "Sneaky" }),
    });
    expect(refused.status).toBe(401);
    expect(await database.db.selectFrom("organization").select("id").where("name", "=", "Sneaky").execute()).toEqual(
      [],
    );
  });

  it("creates an organization owned by its creator, switches to it, and switches back", async () => {
    const ada = await signUp();
    const created = await app.request("/organizations/new", {
      method: "POST",
      headers: formHeaders(ada.cookie),
      body: form({ name: "Client Beta" }),
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/dashboard");
    const afterCreate = await listOf(ada.cookie);
    expect(afterCreate.map((entry) => [entry.name, entry.role, entry.isActive])).toEqual([
      ["Client Beta", "owner", true],
      ["Analytical Engines", "owner", false],
    ]);
    expect(await settingsOf(ada.cookie)).toMatchObject({ name: "Client Beta" });

    const back = await app.request("/organizations/switch", {
      method: "POST",
      headers: formHeaders(ada.cookie),
      body: form({ organizationId: ada.organizationId }),
    });
    expect(back.status).toBe(302);
    expect((await listOf(ada.cookie)).map((entry) => [entry.name, entry.isActive])).toEqual([
      ["Analytical Engines", true],
      ["Client Beta", false],
    ]);
    expect(await settingsOf(ada.cookie)).toMatchObject({ name: "Analytical Engines" });
  });

  it("answers an empty name with a field error and creates nothing", async () => {
    const ada = await signUp();
    const refused = await app.request("/organizations/new", {
      method: "POST",
      headers: formHeaders(ada.cookie),
      body: form({ name: " " }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fieldErrors: { name: "The name must be at least 2 characters" },
    });
    expect(await listOf(ada.cookie)).toHaveLength(1);
  });

  it("refuses to switch to another person's organization, and the session stays where it was", async () => {
    const ada = await signUp();
    const mallory = await signUp();
    const refused = await app.request("/organizations/switch", {
      method: "POST",
      headers: formHeaders(ada.cookie),
      body: form({ organizationId: mallory.organizationId }),
    });
    expect(refused.status).toBe(404);
    expect(await listOf(ada.cookie)).toEqual([
      expect.objectContaining({ organizationId: ada.organizationId, isActive: true }),
    ]);
    expect(await settingsOf(ada.cookie)).toMatchObject({ name: "Analytical Engines" });
    expect(await settingsOf(mallory.cookie)).toMatchObject({ name: "Analytical Engines" });
  });
});

describe("/settings/general over HTTP", () => {
  it("saves an owner's changes and answers bad input field by field, saving nothing", async () => {
    const ada = await signUp();
    const saved = await postSettings(ada.cookie, { intent: "settings", values: VALUES });
    expect(saved.status).toBe(200);
    expect(await settingsOf(ada.cookie)).toMatchObject(VALUES);
    const refused = await postSettings(ada.cookie, {
      intent: "settings",
      values: { ...VALUES, name: "Renamed", timeZone: "Nowhere/Else", currency: "EURO" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      fieldErrors: { timeZone: "Choose a time zone from the list", currency: "Choose a currency from the list" },
    });
    expect(await settingsOf(ada.cookie)).toMatchObject(VALUES);
  });

  it.each(["manager", "analyst", "viewer"])(
    "lets a %s read the settings but refuses their changes with 403",
    async (role) => {
      const ada = await signUp();
      await database.db.updateTable("member").set({ role }).where("organizationId", "=", ada.organizationId).execute();
      const before = await settingsOf(ada.cookie);
      expect(before).toMatchObject({ name: "Analytical Engines" });
      const refused = await postSettings(ada.cookie, { intent: "settings", values: VALUES });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, message: "Your role in this organization does not allow this." });
      expect((await postSettings(ada.cookie, { intent: "remove-logo" })).status).toBe(403);
      expect(await settingsOf(ada.cookie)).toEqual(before);
    },
  );

  it("refuses an upload that is not an image, and keeps no logo", async () => {
    const ada = await signUp();
    const body = new FormData();
    body.set("intent", "logo");
    body.set("logo", new File(["<html><script>alert(1)</script></html>"], "logo.png", { type: "image/png" }));
    const response = await app.request("/settings/general.data", {
      method: "POST",
      headers: { origin: APP_URL, cookie: ada.cookie },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, fieldErrors: { logo: "Please upload an image file." } });
    expect(await settingsOf(ada.cookie)).toMatchObject({ logo: null });
  });
});
