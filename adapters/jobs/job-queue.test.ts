import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { JobPayload, JobQueue } from "#core/ports/job-queue.ts";
import { createTestDatabase, testDatabaseUrl } from "#tests/support/test-database.ts";
import { createDatabaseJobQueue } from "./database-job-queue.ts";
import { createPgBossJobQueue } from "./pg-boss-job-queue.ts";

const logger = createLogger({ level: "silent", isPretty: false });

/** Every queue this database supports: the embedded runner always, pg-boss on PostgreSQL. */
const KINDS = testDatabaseUrl() ? (["embedded", "pg-boss"] as const) : (["embedded"] as const);

function eventually<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error("timed out"));
      setTimeout(poll, 25);
    };
    poll();
  });
}

describe.each(KINDS)("job queue (%s)", (kind) => {
  let database: DatabaseHandle;
  let queues: JobQueue[];
  const open = (options: { lockMs?: number } = {}) => {
    const queue =
      kind === "embedded"
        ? createDatabaseJobQueue({ db: database.db, logger, pollIntervalMs: 50, retryDelayMs: () => 50, ...options })
        : createPgBossJobQueue({ connectionString: databaseUrlOf(database), logger });
    queues.push(queue);
    return queue;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    queues = [];
  });
  afterEach(async () => {
    for (const queue of queues) await queue.stop(2_000);
    await database.close();
  });

  it("runs a queued job with its payload", async () => {
    const queue = open();
    const seen: JobPayload[] = [];
    queue.work("greetings", async (payload) => void seen.push(payload));
    await queue.start();
    expect(await queue.enqueue("greetings", { name: "Ada", times: 2 })).toBe(true);
    expect(await eventually(() => seen[0])).toEqual({ name: "Ada", times: 2 });
  });

  it("keeps one queued job per singleton key", async () => {
    const queue = open();
    expect(await queue.enqueue("sync", { id: "a" }, { singletonKey: "connection-1" })).toBe(true);
    expect(await queue.enqueue("sync", { id: "b" }, { singletonKey: "connection-1" })).toBe(false);
    expect(await queue.enqueue("sync", { id: "c" }, { singletonKey: "connection-2" })).toBe(true);
    const seen: string[] = [];
    queue.work("sync", async (payload) => void seen.push(String(payload.id)), { concurrency: 2 });
    await queue.start();
    await eventually(() => (seen.length === 2 ? seen : undefined));
    expect(seen.sort()).toEqual(["a", "c"]);
  });

  it("runs a failed job again until it succeeds", async () => {
    const queue = open();
    const attempts: number[] = [];
    queue.work("flaky", async (_payload, job) => {
      attempts.push(job.attempt);
      if (job.attempt < 2) throw new Error("temporary");
    });
    await queue.start();
    await queue.enqueue("flaky", {});
    await eventually(() => (attempts.length >= 2 ? attempts : undefined), 30_000);
    expect(attempts.slice(0, 2)).toEqual([1, 2]);
  }, 40_000);
});

describe("embedded job queue after a crash", () => {
  it("runs again a job whose process died while running it", async () => {
    const database = await createTestDatabase();
    try {
      // The first process claims the job and dies before finishing: it never returns.
      const first = createDatabaseJobQueue({ db: database.db, logger, pollIntervalMs: 50 });
      let isClaimed = false;
      first.work("sync", () => {
        isClaimed = true;
        return new Promise<void>(() => {});
      });
      await first.start();
      await first.enqueue("sync", { connectionId: "c1" });
      await eventually(() => (isClaimed ? true : undefined));
      await first.stop(10);

      const second = createDatabaseJobQueue({ db: database.db, logger, pollIntervalMs: 50 });
      const resumed: JobPayload[] = [];
      second.work("sync", async (payload, job) => {
        resumed.push({ ...payload, attempt: job.attempt });
      });
      await second.start();
      expect(await eventually(() => resumed[0])).toEqual({ connectionId: "c1", attempt: 2 });
      await second.stop();
    } finally {
      await database.close();
    }
  });
});

function databaseUrlOf(database: DatabaseHandle): string {
  const base = testDatabaseUrl() ?? "";
  const name = database.location.split("/").at(-1) ?? "";
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
