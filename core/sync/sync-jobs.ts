import { systemActor } from "#core/access/actor.ts";
import { SYNC_QUEUE } from "#core/connections/request-sync.ts";
import { SYNC_ACTOR } from "#core/connections/sync-schedule.ts";
import { type JobQueue, RetryLaterError } from "#core/ports/job-queue.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import type { SyncModule } from "./sync-module.ts";

/**
 * Several syncs run at once, so one slow or failing connection (another team's throttled account)
 * never holds up the others.
 */
export const SYNC_CONCURRENCY = 3;

/** A sync that finished well, for what follows it (monitoring queues a run of the organization). */
export interface CompletedSync {
  organizationId: string;
  connectionId: string;
}

/**
 * The worker of the sync queue: each job runs the sync as Adhelm, for the job's organization.
 * `onSucceeded` runs after each successful sync; it is not part of the sync, so a failure of it
 * is left to the callback (log it) and never makes the queue run the sync again.
 */
export function registerSyncJobs(
  jobs: JobQueue,
  sync: Pick<SyncModule, "syncConnection">,
  onSucceeded?: (completed: CompletedSync) => Promise<void>,
): void {
  jobs.work(
    SYNC_QUEUE,
    async (payload, job) => {
      const result = await sync.syncConnection(
        systemActor(String(payload.organizationId), SYNC_ACTOR),
        { connectionId: String(payload.connectionId), kind: String(payload.kind) as SyncRunKind },
        { attempt: job.attempt, maxAttempts: job.maxAttempts },
      );
      // The queue schedules the next attempt (after the platform's wait, if longer), which resumes the run.
      if (result.outcome === "retry") throw new RetryLaterError(result.retryAfterMs ?? null);
      if (result.outcome === "succeeded" && onSucceeded) {
        await onSucceeded({
          organizationId: String(payload.organizationId),
          connectionId: String(payload.connectionId),
        }).catch(() => undefined);
      }
    },
    { concurrency: SYNC_CONCURRENCY },
  );
}
