/**
 * Graceful degradation over HTTP (issue 22 §4): when an ad platform stops answering, the app shell's
 * status (/service-status) names it for the organization, and once a sync gets through again it is
 * gone; nobody restarts anything.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as serviceStatusRoute from "#app/routes/resources/service-status.ts";
import { systemActor, userActor } from "#core/access/actor.ts";
import { type CampaignSandbox, startCampaignSandbox } from "#core/campaigns/campaign-test-fixture.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { sandboxModules, silentLogger } from "#tests/support/integration-fixture.ts";
import { createRouteHandler } from "#tests/support/route-handler.ts";
import { organizationOwnedBy } from "#tests/support/server-database.ts";
import { TEST_DATA_DIR, testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import { createApp } from "./app.ts";
import { createServices } from "./services.ts";

const APP_URL = "http://app.test";
const EMAIL = "status@example.com";

let world: CampaignSandbox;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let cookie: string;

beforeAll(async () => {
  world = await startCampaignSandbox();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "service-status-"));
  const env = testEnv({ APP_URL, DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "30" });
  const database: DatabaseHandle = {
    db: world.sandbox.db,
    dialect: testDatabaseUrl() ? "postgres" : "sqlite",
    location: "sandbox test database",
    close: async () => {},
  };
  const handlePage = createRouteHandler([{ path: "/service-status", module: serviceStatusRoute }]);
  app = createApp({
    env,
    logger: silentLogger,
    services: createServices({ env, database, logger: silentLogger }),
    handlePage,
  });
  cookie = await verifiedSessionCookie(app, { appUrl: APP_URL, dataDir, email: EMAIL });
}, 60_000);

afterAll(async () => {
  await world?.sandbox.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function status(headers: Record<string, string> = { cookie }) {
  const response = await app.request("/service-status", { headers: { accept: "application/json", ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the app shell's service status", () => {
  it("is for signed-in members only", async () => {
    expect((await status({})).status).toBe(401);
  });

  it("names a platform that stopped answering, and forgets it once a sync gets through", async () => {
    const organizationId = await organizationOwnedBy(world.sandbox.db, EMAIL);
    const userId = (
      await world.sandbox.db.selectFrom("user").select("id").where("email", "=", EMAIL).executeTakeFirstOrThrow()
    ).id;
    const owner = userActor({ userId, name: "Ada", organizationId, role: "owner" });
    const modules = sandboxModules(world.sandbox, { backfillDays: 1 });
    const { authorizeUrl } = await modules.connections.startConnection(owner, {
      sessionId: "status-test",
      platform: "google-ads",
    });
    const { connectionId } = await modules.connections.completeConnection(owner, {
      sessionId: "status-test",
      platform: "google-ads",
      query: (await world.sandbox.authorize(authorizeUrl)).searchParams,
    });
    const sync = (attempt: number) =>
      modules.sync.syncConnection(
        systemActor(organizationId, SYNC_ACTOR),
        { connectionId, kind: "manual" },
        { attempt, maxAttempts: 5 },
      );
    expect((await sync(1)).outcome).toBe("succeeded");
    expect(await status()).toEqual({ status: 200, body: { platformOutages: [], retryMinutes: 30 } });

    // Google Ads answers 500 to every call: the sync's job will run again, and the banner says so.
    await world.sandbox.setFault({ kind: "server_error", platform: "google-ads" });
    expect((await sync(1)).outcome).toBe("retry");
    const during = await status();
    expect(during.status).toBe(200);
    expect(during.body).toEqual({
      platformOutages: [{ platform: "google-ads", name: "Google Ads", since: expect.any(String) }],
      retryMinutes: 30,
    });

    // The job's last attempt fails too: the sync gives up until the next scheduled one, and the
    // banner still says Google Ads is not answering.
    expect((await sync(5)).outcome).toBe("failed");
    expect((await status()).body).toEqual({
      platformOutages: [{ platform: "google-ads", name: "Google Ads", since: expect.any(String) }],
      retryMinutes: 30,
    });

    // It answers again: the next sync gets through and the banner goes.
    await world.sandbox.clearFaults();
    expect((await sync(1)).outcome).toBe("succeeded");
    expect(await status()).toEqual({ status: 200, body: { platformOutages: [], retryMinutes: 30 } });

    // A lasting failure (the grant revoked at the platform) is not an outage: the card explains it.
    await world.sandbox.setFault({ kind: "revoked", platform: "google-ads" });
    expect((await sync(1)).outcome).toBe("failed");
    expect(await status()).toEqual({ status: 200, body: { platformOutages: [], retryMinutes: 30 } });
    await world.sandbox.clearFaults();
  }, 60_000);
});
