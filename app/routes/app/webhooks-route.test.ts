/**
 * Settings → Webhooks over HTTP, in process: an anonymous visitor is sent to sign in and refused
 * every change; a signed-in owner's refused save comes back with the message next to its field, and
 * nothing is saved.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as webhooksRoute from "#app/routes/app/webhooks.tsx";
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
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "webhooks-route-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([{ path: "/settings/webhooks", module: webhooksRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request("/settings/webhooks.data", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const VALUES = { url: "https://hooks.example.com/in", eventTypes: ["anomaly.detected"] };

describe("Settings → Webhooks over HTTP", () => {
  it("sends an anonymous visitor to sign in, refuses their changes and saves nothing", async () => {
    const page = await app.request("/settings/webhooks");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    for (const body of [
      { intent: "create", values: VALUES },
      { intent: "delete", endpointId: "whe_x" },
      { intent: "test", endpointId: "whe_x" },
    ]) {
      const refused = await post(body);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ ok: false, reason: "unauthenticated" });
    }
    expect(await database.db.selectFrom("webhook_endpoints").select("id").execute()).toEqual([]);
  });

  it("answers a refused save with the message next to its field, and saves nothing", async () => {
    const cookie = await verifiedSessionCookie(app, {
      appUrl: APP_URL,
      dataDir,
      email: `ada-${Date.now()}@example.com`,
    });
    const refused = await post(
      { intent: "create", values: { url: "http://127.0.0.1:8080/", eventTypes: [] } },
      { cookie },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      ok: false,
      fieldErrors: { eventTypes: "Choose at least one event." },
    });
    const privateAddress = await post(
      { intent: "create", values: { ...VALUES, url: "http://127.0.0.1:8080/" } },
      { cookie },
    );
    expect(privateAddress.body).toMatchObject({
      fieldErrors: { url: "The address is on a private or reserved network, which Adhelm does not call." },
    });
    const loaded = (await (await app.request("/settings/webhooks", { headers: { cookie } })).json()) as {
      endpoints: unknown[];
      canManage: boolean;
    };
    expect(loaded).toMatchObject({ endpoints: [], canManage: true });

    const created = await post({ intent: "create", values: VALUES }, { cookie });
    expect(created.body).toMatchObject({ ok: true, intent: "create", endpoint: { url: VALUES.url } });
    expect(String(created.body.secret)).toMatch(/^whsec_/);
  });
});
