import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { openDatabase } from "#core/db/database.ts";
import type { Logger } from "#core/ports/logger.ts";
import { actorOfViewer, createViewer } from "#tests/support/integration-fixture.ts";
import { createTestDatabase, TEST_DATA_DIR, testDatabaseUrl } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp } from "./app.ts";
import { createServices } from "./services.ts";

let database: DatabaseHandle | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** A JSON-lines logger at the most verbose level, and the lines it wrote so far. */
function capturingLogger(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const written: string[] = [];
  const logger = createLogger({
    level: "trace",
    isPretty: false,
    destination: { write: (line) => written.push(line) },
  });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("request logs", () => {
  it("carry the request's id, kept from X-Request-Id or made, and echoed on the answer", async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "request-logs-"));
    const env = testEnv({ DATA_DIR: dataDir, LOG_LEVEL: "trace" });
    const { logger, lines } = capturingLogger();
    const app = createApp({ env, logger, services: createServices({ env, database, logger }) });

    const sent = await app.request("/healthz", { headers: { "x-request-id": "trace-1234" } });
    expect(sent.headers.get("x-request-id")).toBe("trace-1234");
    const made = await app.request("/api/v1/campaigns");
    const madeId = made.headers.get("x-request-id") ?? "";
    expect(madeId).toMatch(/^[\w-]{8,}$/);
    // An id that is not sane (too long, odd characters) is replaced.
    const odd = await app.request("/healthz", { headers: { "x-request-id": "bad id\u0007" } });
    expect(odd.headers.get("x-request-id")).not.toContain("bad id");

    // A line written while serving (here the slow-query log of /healthz's round-trip) carries it too.
    const url = testDatabaseUrl();
    const logged = url
      ? openDatabase({ databaseUrl: url, logger, slowQueryMs: 0 })
      : openDatabase({ sqliteFile: path.join(dataDir, "logged.db"), logger, slowQueryMs: 0 });
    const services = createServices({ env, database, logger });
    services.database = logged;
    try {
      const during = createApp({ env, logger, services });
      expect((await during.request("/healthz", { headers: { "x-request-id": "during-5678" } })).status).toBe(200);
    } finally {
      await logged.close();
    }
    expect(lines().find((line) => line.msg === "slow query" && line.requestId === "during-5678")).toBeDefined();
    // Each line has its own fields: the slow query's SQL is not on the request's own line.
    const duringLine = lines().find((line) => line.msg === "request" && line.requestId === "during-5678");
    expect(duringLine?.path).toBe("/healthz");
    expect(duringLine).not.toHaveProperty("sql");

    const requestLines = lines().filter((line) => line.msg === "request");
    expect(requestLines.find((line) => line.path === "/healthz")?.requestId).toBe("trace-1234");
    expect(requestLines.find((line) => line.path === "/api/v1/campaigns")?.requestId).toBe(madeId);
  });

  it("name the organization once a use case acts for it, on every line logged while serving", async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "request-logs-"));
    const env = testEnv({ DATA_DIR: dataDir, LOG_LEVEL: "trace" });
    const { logger, lines } = capturingLogger();
    const services = createServices({ env, database, logger });
    const app = createApp({ env, logger, services });
    // An organization's owner creates an API key, then calls the API with it.
    const viewer = await createViewer(database.db);
    const { plaintext } = await services.apiKeys.createApiKey(actorOfViewer(viewer), { name: "Logs", scope: "read" });
    const answer = await app.request("/api/v1/campaigns", { headers: { authorization: `Bearer ${plaintext}` } });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get("x-request-id");
    const line = lines().find((candidate) => candidate.msg === "request" && candidate.requestId === requestId);
    expect(line?.organizationId).toBe(viewer.organizationId);
  });
});

describe("slow-query log", () => {
  it("logs queries above SLOW_QUERY_MS at warn, with the SQL text but not its parameters", async () => {
    const { logger, lines } = capturingLogger();
    const url = testDatabaseUrl();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "slow-query-"));
    database = url
      ? openDatabase({ databaseUrl: url, logger, slowQueryMs: 0 })
      : openDatabase({ sqliteFile: path.join(dataDir, "slow.db"), logger, slowQueryMs: 0 });
    await sql`select ${"secret-parameter-value"} as answer`.execute(database.db);
    const slow = lines().filter((line) => line.msg === "slow query");
    expect(slow.length).toBeGreaterThan(0);
    expect(slow[0]?.level).toBe(40);
    expect(String(slow[0]?.sql)).toContain("as answer");
    expect(typeof slow[0]?.durationMs).toBe("number");
    expect(JSON.stringify(lines())).not.toContain("secret-parameter-value");
  });

  it("stays quiet below the threshold", async () => {
    const { logger, lines } = capturingLogger();
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "slow-query-"));
    database = openDatabase({ sqliteFile: path.join(dataDir, "fast.db"), logger, slowQueryMs: 60_000 });
    await sql`select 1 as answer`.execute(database.db);
    expect(lines().filter((line) => line.msg === "slow query")).toEqual([]);
  });
});
