/**
 * An audit entry records where the change came from: the client address the server resolved for
 * the request (behind a trusted proxy, its entry), without the use case being told.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as apiKeysRoute from "#app/routes/app/api-keys.tsx";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const APP_URL = "http://localhost:3000";
let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "audit-address-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, TRUST_PROXY: "true" });
  const logger = createLogger({ level: "silent", isPretty: false });
  const handlePage = createRouteHandler([{ path: "/settings/api-keys", module: apiKeysRoute }]);
  app = createApp({ env, logger, services: createServices({ env, database, logger }), handlePage });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("records the request's client address on the entry of the change it made", async () => {
  const cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: "ada-audit@example.com" });
  const created = await app.request("/settings/api-keys.data", {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, cookie, "x-forwarded-for": "203.0.113.5" },
    body: JSON.stringify({ intent: "create", values: { name: "Reporting", scope: "read" } }),
  });
  expect(created.status).toBe(200);
  const entry = await database.db
    .selectFrom("audit_events")
    .select(["action", "target_label", "ip_address"])
    .where("action", "=", "api_key.created")
    .executeTakeFirstOrThrow();
  expect(entry.ip_address).toBe("203.0.113.5");
  expect(entry.target_label).toContain("Reporting");
});
