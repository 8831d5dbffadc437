import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import { createTestDatabase, testDatabaseUrl } from "#tests/support/test-database.ts";
import { createDatabaseJobQueue } from "./database-job-queue.ts";
import { createPgBossJobQueue } from "./pg-boss-job-queue.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const KINDS = testDatabaseUrl() ? (["embedded", "pg-boss"] as const) : (["embedded"] as const);

describe.each(KINDS)("job queue backlog for /metrics (%s)", (kind) => {
  let database: DatabaseHandle;
  let queue: JobQueue;

  beforeEach(async () => {
    database = await createTestDatabase();
    queue =
      kind === "embedded"
        ? createDatabaseJobQueue({ db: database.db, logger })
        : createPgBossJobQueue({ connectionString: databaseUrlOf(database), logger });
  });
  afterEach(async () => {
    await queue.stop(2_000);
    await database.close();
  });

  it("counts the due jobs per queue, not the future ones, with the oldest one's wait", async () => {
    const before = Date.now();
    // Distinct keys: pg-boss' exclusive queues hold one waiting job per singleton key.
    expect(await queue.enqueue("digests", { n: 1 }, { singletonKey: "a" })).toBe(true);
    expect(await queue.enqueue("digests", { n: 2 }, { singletonKey: "b" })).toBe(true);
    expect(await queue.enqueue("syncs", { n: 3 }, { singletonKey: "c" })).toBe(true);
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await queue.enqueue("syncs", { n: 4 }, { singletonKey: "d", runAt: later })).toBe(true);
    const backlog = (await queue.backlog?.()) ?? [];
    const byQueue = Object.fromEntries(backlog.map((row) => [row.queue, row]));
    expect(byQueue.digests?.waiting).toBe(2);
    expect(byQueue.syncs?.waiting).toBe(1);
    expect(byQueue.digests?.oldestWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(byQueue.digests?.oldestWaitSeconds).toBeLessThanOrEqual((Date.now() - before) / 1000 + 5);
  });
});

function databaseUrlOf(database: DatabaseHandle): string {
  const url = new URL(testDatabaseUrl() ?? "");
  url.pathname = `/${database.location.split("/").at(-1) ?? ""}`;
  return url.toString();
}
