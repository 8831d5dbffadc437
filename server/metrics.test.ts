import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { systemActor } from "#core/access/actor.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { actorOfViewer, createViewer, sandboxModules } from "#tests/support/integration-fixture.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createTestDatabase, TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp } from "./app.ts";
import { createServices } from "./services.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle;
let dataDir: string;
let sandbox: SandboxServer;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "metrics-"));
  sandbox = await startSandboxServer({ platforms: { "google-ads": createGoogleAdsSandbox } });
});
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function deploy(overrides: Record<string, string> = {}) {
  const env = testEnv({ DATA_DIR: dataDir, ...overrides });
  const services = createServices({ env, database, logger });
  return { app: createApp({ env, logger, services }), services };
}

const scrape = (app: ReturnType<typeof deploy>["app"], authorization?: string) =>
  app.request("/metrics", authorization ? { headers: { authorization } } : {});

/** The value of one sample in the exposition text, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN, and then nothing is counted", async () => {
    const { app, services } = deploy();
    expect(services.metrics).toBeNull();
    expect((await scrape(app)).status).toBe(404);
    expect((await scrape(app, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("refuses a missing or wrong token", async () => {
    const { app } = deploy({ METRICS_TOKEN: TOKEN });
    expect((await scrape(app)).status).toBe(401);
    const wrong = await scrape(app, `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("adhelm_");
  });

  it("counts requests by route pattern, syncs by platform, the job backlog, the pool and memory", async () => {
    const { app, services } = deploy({ METRICS_TOKEN: TOKEN });
    // Two requests to one route pattern, whatever the raw paths.
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/api/v1/campaigns/one")).status).toBe(401);
    expect((await app.request("/api/v1/campaigns/two")).status).toBe(401);
    // A queued job that is due.
    await services.jobs.enqueue("metrics-test", { n: 1 });
    // A sandbox sync, counted by the server's registry.
    const modules = sandboxModules(sandbox, { metrics: services.metrics ?? undefined });
    const viewer = await createViewer(sandbox.db);
    const { authorizeUrl } = await modules.connections.startConnection(actorOfViewer(viewer), {
      sessionId: viewer.sessionId,
      platform: "google-ads",
    });
    const back = await sandbox.authorize(authorizeUrl);
    const { connectionId } = await modules.connections.completeConnection(actorOfViewer(viewer), {
      sessionId: viewer.sessionId,
      platform: "google-ads",
      query: back.searchParams,
    });
    // The platform throttles every call: the attempt ends in "retry", its 429s counted.
    await sandbox.setFault({ kind: "throttle", platform: "google-ads", probability: 1 });
    try {
      const throttled = await modules.sync.syncConnection(
        systemActor(viewer.organizationId, SYNC_ACTOR),
        { connectionId, kind: "backfill" },
        { attempt: 1, maxAttempts: 30 },
      );
      expect(throttled.outcome).toBe("retry");
    } finally {
      await sandbox.clearFaults();
    }
    let outcome = "retry";
    for (let attempt = 2; attempt <= 10 && outcome === "retry"; attempt += 1) {
      ({ outcome } = await modules.sync.syncConnection(
        systemActor(viewer.organizationId, SYNC_ACTOR),
        { connectionId, kind: "backfill" },
        { attempt, maxAttempts: 30 },
      ));
    }
    expect(outcome).toBe("succeeded");

    const response = await scrape(app, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(sample(text, 'adhelm_http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"}')).toBe(
      1,
    );
    const campaignSeries = text
      .split("\n")
      .filter((line) => line.startsWith("adhelm_http_request_duration_seconds_count") && line.includes("/api/v1/"));
    expect(campaignSeries.some((line) => line.endsWith(" 2"))).toBe(true);
    expect(text).not.toContain("campaigns/one");
    expect(sample(text, 'adhelm_sync_runs_total{platform="google-ads",outcome="succeeded"}')).toBe(1);
    expect(sample(text, 'adhelm_sync_runs_total{platform="google-ads",outcome="retry"}')).toBe(1);
    expect(sample(text, 'adhelm_sync_rows_total{platform="google-ads"}')).toBeGreaterThan(0);
    expect(sample(text, 'adhelm_platform_errors_total{platform="google-ads",kind="throttled"}')).toBeGreaterThan(0);
    expect(sample(text, 'adhelm_job_queue_depth{queue="metrics-test"}')).toBe(1);
    expect(sample(text, 'adhelm_job_queue_oldest_wait_seconds{queue="metrics-test"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'adhelm_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});
