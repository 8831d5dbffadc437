import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import {
  type EnqueueOptions,
  type JobHandler,
  type JobPayload,
  type JobQueue,
  jobRetryDelayMs,
  type QueueBacklog,
  RetryLaterError,
} from "#core/ports/job-queue.ts";
import type { Logger } from "#core/ports/logger.ts";

export interface DatabaseJobQueueOptions {
  db: Kysely<Database>;
  logger: Logger;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /** How long a claim lasts without a heartbeat; a crashed process's jobs run again after it. */
  lockMs?: number;
  /** The wait before a failed job's next attempt. */
  retryDelayMs?: (attempt: number) => number;
}

interface Registration {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/**
 * The embedded runner: jobs live in the `jobs` table, so they survive a restart. It is meant for
 * one process (the embedded default); several nodes share pg-boss instead. Claims are atomic
 * (a conditional UPDATE), running jobs renew their lock, and at start every job still marked
 * running belongs to a process that died, so it is queued again.
 */
export function createDatabaseJobQueue({
  db,
  logger,
  pollIntervalMs = 500,
  lockMs = 60_000,
  retryDelayMs = jobRetryDelayMs,
}: DatabaseJobQueueOptions): JobQueue {
  const registrations = new Map<string, Registration>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let isStopping = false;
  let isPolling = false;

  const iso = (date: Date) => date.toISOString();

  async function claimNext(
    queue: string,
  ): Promise<{ id: string; payload: string; attempts: number; max: number } | null> {
    for (let tries = 0; tries < 3; tries += 1) {
      const now = new Date();
      const candidate = await db
        .selectFrom("jobs")
        .select(["id", "payload", "attempts", "max_attempts"])
        .where("queue", "=", queue)
        .where("status", "=", "queued")
        .where("run_at", "<=", iso(now))
        .orderBy("run_at")
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const claimed = await db
        .updateTable("jobs")
        .set({
          status: "running",
          attempts: candidate.attempts + 1,
          locked_until: iso(new Date(now.getTime() + lockMs)),
          updated_at: iso(now),
        })
        .where("id", "=", candidate.id)
        .where("status", "=", "queued")
        .executeTakeFirst();
      // Another worker won the race; look again.
      if (Number(claimed.numUpdatedRows) === 1)
        return {
          id: candidate.id,
          payload: candidate.payload,
          attempts: candidate.attempts + 1,
          max: candidate.max_attempts,
        };
    }
    return null;
  }

  async function run(
    queue: string,
    registration: Registration,
    job: { id: string; payload: string; attempts: number; max: number },
  ) {
    const heartbeat = setInterval(
      () => {
        db.updateTable("jobs")
          .set({ locked_until: iso(new Date(Date.now() + lockMs)) })
          .where("id", "=", job.id)
          .where("status", "=", "running")
          .execute()
          .catch((error: unknown) => logger.warn({ err: error, job: job.id }, "job heartbeat failed"));
      },
      Math.max(250, lockMs / 3),
    );
    heartbeat.unref();
    try {
      await registration.handler(JSON.parse(job.payload) as JobPayload, {
        id: job.id,
        attempt: job.attempts,
        maxAttempts: job.max,
      });
      // Done jobs are not kept: the sync history lives in its own table.
      await db.deleteFrom("jobs").where("id", "=", job.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isLastAttempt = job.attempts >= job.max;
      // A job that asked to run again later (a platform's wait, a demo waiting for its sync) is no failure.
      if (error instanceof RetryLaterError && !isLastAttempt)
        logger.debug(
          { job: job.id, queue, attempt: job.attempts, retryAfterMs: error.retryAfterMs },
          "job will run again",
        );
      else logger.warn({ err: error, job: job.id, queue, attempt: job.attempts }, "job failed");
      await db
        .updateTable("jobs")
        .set({
          status: isLastAttempt ? "failed" : "queued",
          // The later of our backoff and the wait the handler was told to respect.
          run_at: iso(
            new Date(
              Date.now() +
                Math.max(retryDelayMs(job.attempts), error instanceof RetryLaterError ? (error.retryAfterMs ?? 0) : 0),
            ),
          ),
          locked_until: null,
          last_error: message.slice(0, 2000),
          updated_at: iso(new Date()),
        })
        .where("id", "=", job.id)
        .execute();
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function poll() {
    if (isPolling || isStopping) return;
    isPolling = true;
    try {
      // A lock that ran out without a heartbeat means its process is gone.
      await db
        .updateTable("jobs")
        .set({ status: "queued", locked_until: null })
        .where("status", "=", "running")
        .where("locked_until", "<", iso(new Date()))
        .execute();
      for (const [queue, registration] of registrations) {
        while (!isStopping && registration.running < registration.concurrency) {
          const job = await claimNext(queue);
          if (!job) break;
          registration.running += 1;
          const task = run(queue, registration, job).finally(() => {
            registration.running -= 1;
            inFlight.delete(task);
          });
          inFlight.add(task);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, "job poll failed");
    } finally {
      isPolling = false;
    }
  }

  return {
    kind: "embedded",
    async enqueue(queue: string, payload: JobPayload, options: EnqueueOptions = {}) {
      const now = new Date();
      const result = await db
        .insertInto("jobs")
        .values({
          id: randomUUID(),
          queue,
          payload: JSON.stringify(payload),
          singleton_key: options.singletonKey ?? null,
          max_attempts: options.maxAttempts ?? 5,
          run_at: iso(options.runAt ?? now),
          created_at: iso(now),
          updated_at: iso(now),
        })
        // The partial unique index on (queue, singleton_key) drops a duplicate.
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      const isAdded = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      if (isAdded) setImmediate(() => void poll());
      return isAdded;
    },
    work(queue, handler, options = {}) {
      registrations.set(queue, { handler, concurrency: options.concurrency ?? 1, running: 0 });
    },
    async start() {
      isStopping = false;
      // One process owns this queue: whatever was running when it last stopped did not finish.
      await db
        .updateTable("jobs")
        .set({ status: "queued", locked_until: null })
        .where("status", "=", "running")
        .execute();
      timer = setInterval(() => void poll(), pollIntervalMs);
      timer.unref();
      void poll();
    },
    async stop(timeoutMs = 10_000) {
      isStopping = true;
      clearInterval(timer);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
      await Promise.race([Promise.allSettled([...inFlight]), deadline]);
    },
    async backlog(): Promise<QueueBacklog[]> {
      const now = new Date();
      const rows = await db
        .selectFrom("jobs")
        .select((eb) => ["queue", eb.fn.countAll<number>().as("waiting"), eb.fn.min("run_at").as("oldest")])
        .where("status", "=", "queued")
        .where("run_at", "<=", iso(now))
        .groupBy("queue")
        .execute();
      return rows.map((row) => ({
        queue: row.queue,
        waiting: Number(row.waiting),
        oldestWaitSeconds: Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000),
      }));
    },
  };
}
