import { createRequire } from "node:module";
import type { EnqueueOptions, JobHandler, JobPayload, JobQueue, QueueBacklog } from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";

export interface PgBossJobQueueOptions {
  connectionString: string;
  logger: Logger;
  /** pg-boss keeps its tables in their own schema, next to ours. */
  schema?: string;
}

/**
 * The scale-out runner: pg-boss on the same PostgreSQL, so every app node works the same queue
 * with SKIP LOCKED. Each queue uses the `exclusive` policy, so a singleton key allows one queued
 * or active job, like the embedded runner. A node that dies stops sending heartbeats, and its
 * job is retried elsewhere.
 */
const QUEUE_RETRY_LIMIT = 4;

export function createPgBossJobQueue({ connectionString, logger, schema = "pgboss" }: PgBossJobQueueOptions): JobQueue {
  // Required here, not imported above: a process on SQLite never loads pg-boss (~20 MB).
  const { PgBoss } = createRequire(import.meta.url)("pg-boss") as typeof import("pg-boss");
  const boss = new PgBoss({ connectionString, schema, schedule: false });
  boss.on("error", (error) => logger.warn({ err: error }, "pg-boss error"));
  const registrations = new Map<string, { handler: JobHandler; concurrency: number }>();
  const created = new Set<string>();
  let starting: Promise<unknown> | undefined;
  // Sending needs a started instance; a node that only enqueues (or a test) starts it on demand.
  const ensureStarted = () => {
    starting ??= boss.start();
    return starting;
  };

  async function ensureQueue(queue: string) {
    if (created.has(queue)) return;
    await boss.createQueue(queue, {
      policy: "exclusive",
      retryLimit: QUEUE_RETRY_LIMIT,
      retryBackoff: true,
      retryDelay: 5,
      retryDelayMax: 600,
      heartbeatSeconds: 30,
      expireInSeconds: 60 * 60,
      deleteAfterSeconds: 24 * 60 * 60,
    });
    created.add(queue);
  }

  return {
    kind: "pg-boss",
    async enqueue(queue: string, payload: JobPayload, options: EnqueueOptions = {}) {
      await ensureStarted();
      await ensureQueue(queue);
      // pg-boss validates every key it is given, undefined ones too.
      const id = await boss.send(queue, payload, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.runAt ? { startAfter: options.runAt } : {}),
        ...(options.maxAttempts ? { retryLimit: Math.max(0, options.maxAttempts - 1) } : {}),
      });
      return id !== null;
    },
    work(queue, handler, options = {}) {
      registrations.set(queue, { handler, concurrency: options.concurrency ?? 1 });
    },
    async start() {
      await ensureStarted();
      for (const [queue, { handler, concurrency }] of registrations) {
        await ensureQueue(queue);
        await boss.work<JobPayload>(
          queue,
          { localConcurrency: concurrency, pollingIntervalSeconds: 1, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            await handler(job.data, { id: job.id, attempt: job.retryCount + 1, maxAttempts: QUEUE_RETRY_LIMIT + 1 });
          },
        );
      }
    },
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      starting = undefined;
      created.clear();
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    async backlog(): Promise<QueueBacklog[]> {
      if (!starting) return [];
      await starting;
      const result = await boss
        .getDb()
        .executeSql(
          `select name, count(*)::int as waiting, extract(epoch from now() - min(start_after))::float8 as oldest from ${quoteIdentifier(schema)}.job where state in ('created', 'retry') and start_after <= now() group by name`,
        );
      return (result.rows as Array<{ name: string; waiting: number; oldest: number | null }>).map((row) => ({
        queue: row.name,
        waiting: Number(row.waiting),
        oldestWaitSeconds: Math.max(0, Number(row.oldest ?? 0)),
      }));
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
