/**
 * The account screens speak the reader's language: saving a new language answers in it at once
 * (the toast), refusals and validation messages come back translated, and the profile names its
 * currencies in the reader's language. The routes run in-process, through their modules.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as preferencesRoute from "#app/routes/app/preferences.tsx";
import * as profileRoute from "#app/routes/app/profile.tsx";
import { DEFAULT_PREFERENCES } from "#core/accounts/preferences-schema.ts";
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
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "account-languages-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/preferences", module: preferencesRoute },
    { path: "/profile", module: profileRoute },
  ]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const signUp = (name: string) =>
  verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: `${name}-${Date.now()}@example.com` });

async function post(route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(`${route}.data`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function load(route: string, cookie: string) {
  const response = await app.request(route, { headers: { cookie } });
  return (await response.json()) as Record<string, unknown>;
}

describe("the account screens in the reader's language", () => {
  it("answers a save of a new language in that language, and the screens follow it", async () => {
    const cookie = await signUp("ada");
    expect(await load("/preferences", cookie)).toMatchObject({ meta: { title: "Preferences" } });

    const saved = await post("/preferences", { ...DEFAULT_PREFERENCES, language: "de" }, { cookie });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ok: true,
      toast: { title: "Präferenzen gespeichert", description: "Ihre Präferenzen wurden aktualisiert." },
    });
    expect(await load("/preferences", cookie)).toMatchObject({ meta: { title: "Präferenzen" } });

    // Back to English: the toast is English again.
    const english = await post("/preferences", DEFAULT_PREFERENCES, { cookie });
    expect(english.body).toMatchObject({ toast: { title: "Preferences saved" } });
  });

  it("refuses a forged value in the reader's language", async () => {
    const cookie = await signUp("bea");
    await post("/preferences", { ...DEFAULT_PREFERENCES, language: "fr" }, { cookie });
    const refused = await post(
      "/preferences",
      { ...DEFAULT_PREFERENCES, language: "fr", dashboard: { ...DEFAULT_PREFERENCES.dashboard, refreshInterval: "5" } },
      { cookie },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      title: "Requête refusée",
      fieldErrors: { "dashboard.refreshInterval": "Choisissez une fréquence d’actualisation dans la liste" },
    });
  });

  it("answers an anonymous save in the browser's language", async () => {
    const german = await post("/preferences", DEFAULT_PREFERENCES, { "accept-language": "de-DE,de;q=0.9" });
    expect(german.status).toBe(401);
    expect(german.body).toMatchObject({ title: "Nicht angemeldet", message: "Kein Benutzer angemeldet" });
    const english = await post("/preferences", DEFAULT_PREFERENCES);
    expect(english.body).toMatchObject({ title: "Not signed in", message: "No user logged in" });
  });

  it("translates the profile's field errors and names its currencies in the reader's language", async () => {
    const cookie = await signUp("cy");
    await post("/preferences", { ...DEFAULT_PREFERENCES, language: "es" }, { cookie });
    const profile = (await load("/profile", cookie)) as {
      meta: { title: string };
      options: { currencies: Array<{ code: string; label: string }> };
    };
    expect(profile.meta.title).toBe("Perfil");
    expect(profile.options.currencies.find((currency) => currency.code === "USD")?.label).toBe(
      "USD — dólar estadounidense",
    );

    const refused = await post(
      "/profile",
      { first_name: "Cy", last_name: "Tester", timezone: "Mars/Olympus", currency: "USD" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: "Corrige los campos marcados.",
      fieldErrors: { timezone: "Elige una zona horaria de la lista" },
    });
  });
});
