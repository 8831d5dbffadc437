import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import * as dashboardRoute from "#app/routes/app/dashboard.tsx";
import * as campaignsCsvRoute from "#app/routes/resources/campaigns-csv.ts";
import * as logoutRoute from "#app/routes/resources/logout.ts";
import * as robotsRoute from "#app/routes/resources/robots.ts";
import * as apiPageRoute from "#app/routes/site/api.tsx";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createApp } from "#server/app.ts";
import { createServices } from "#server/services.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";

const APP_URL = "http://localhost:3000";
const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let services: ReturnType<typeof createServices>;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "private-cache-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir });
  const handlePage = createRouteHandler([
    { path: "/dashboard", module: dashboardRoute },
    { path: "/exports/campaigns.csv", module: campaignsCsvRoute },
    { path: "/robots.txt", module: robotsRoute },
    { path: "/logout", module: logoutRoute },
    { path: "/api", module: apiPageRoute },
  ]);
  services = createServices({ env, database, logger });
  app = createApp({ env, logger, services, handlePage });
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: "ada@example.com" });
});

afterAll(async () => {
  await database?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string, withSession: boolean) => {
  const response = await app.request(url, { headers: withSession ? { cookie } : {} });
  return { status: response.status, cacheControl: response.headers.get("cache-control") };
};

describe("Cache-Control", () => {
  it("is private, no-store on a signed-in page, its .data request and a CSV export", async () => {
    expect(await get("/dashboard", true)).toEqual({ status: 200, cacheControl: "private, no-store" });
    expect(await get("/dashboard.data", true)).toEqual({ status: 200, cacheControl: "private, no-store" });
    expect(await get("/exports/campaigns.csv?from=2026-01-01&to=2026-01-31", true)).toEqual({
      status: 200,
      cacheControl: "private, no-store",
    });
    // better-auth's own JSON about the session, and a public page seen while signed in.
    const session = await get("/api/auth/get-session", true);
    expect(session).toMatchObject({ status: 200, cacheControl: expect.stringMatching(/no-store/) });
    expect(await get("/api", true)).toEqual({ status: 200, cacheControl: "private, no-store" });
  });

  it("is private, no-store on an answer that sets a cookie, such as the sign-out's redirect", async () => {
    const other = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: "grace@example.com" });
    const signOut = await app.request("/logout", { method: "POST", headers: { origin: APP_URL, cookie: other } });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.getSetCookie()).not.toEqual([]);
    expect(signOut.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves a public anonymous page, and the caching routes chose themselves, as they were", async () => {
    expect(await get("/api", false)).toEqual({ status: 200, cacheControl: null });
    expect(await get("/robots.txt", false)).toEqual({ status: 200, cacheControl: "public, max-age=3600" });
    // The same document for everyone, signed in or not.
    expect(await get("/robots.txt", true)).toEqual({ status: 200, cacheControl: "public, max-age=3600" });
    expect(await get("/healthz", true)).toEqual({ status: 200, cacheControl: "no-store" });
    // Versioned avatar URLs stay immutable.
    await services.storage.put("avatars/user-1/avatar.webp", { bytes: Buffer.from("webp"), contentType: "image/webp" });
    expect(await get("/media/avatars/user-1/avatar.webp", true)).toEqual({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable",
    });
  });
});
