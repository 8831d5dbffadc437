/**
 * Background jobs. Two implementations behind one interface, picked in `server/services.ts`:
 * the embedded runner keeps jobs in our own database (SQLite or PostgreSQL, one process), and
 * pg-boss shares one queue between several app nodes on PostgreSQL.
 *
 * Handlers must be idempotent: after a crash a job runs again from the start.
 */
export type JobPayload = Record<string, string | number | boolean | null>;

export interface JobContext {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (payload: JobPayload, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** At most one queued or running job per key and queue; a second enqueue is dropped. */
  singletonKey?: string;
  runAt?: Date;
  /** Runs in all, the first included. */
  maxAttempts?: number;
}

export interface JobQueue {
  readonly kind: "embedded" | "pg-boss";
  /** Returns false when a job with the same singleton key is already queued or running. */
  enqueue(queue: string, payload: JobPayload, options?: EnqueueOptions): Promise<boolean>;
  /** Registers the handler of a queue; call before `start`. */
  work(queue: string, handler: JobHandler, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to the timeout) for running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
  /** The backlog per queue (jobs due and not started), for /metrics. */
  backlog?(): Promise<QueueBacklog[]>;
}

/** A queue's jobs that are due and waiting, and how long the oldest of them has waited. */
export interface QueueBacklog {
  queue: string;
  waiting: number;
  oldestWaitSeconds: number;
}

/** Delay before a failed job's next run: exponential from 5 s, capped at 10 minutes, with full jitter. */
export function jobRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(10 * 60_000, 5_000 * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Thrown by a handler that should run again, not before `retryAfterMs` when it is known. */
export class RetryLaterError extends Error {
  readonly retryAfterMs: number | null;
  constructor(retryAfterMs: number | null, message = "The job hit a temporary failure and will run again.") {
    super(message);
    this.name = "RetryLaterError";
    this.retryAfterMs = retryAfterMs;
  }
}
