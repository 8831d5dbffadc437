import { requestSync, SYNC_QUEUE } from "#core/connections/request-sync.ts";
import { type JobQueue, RetryLaterError } from "#core/ports/job-queue.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import { type SyncDependencies, syncConnection } from "./sync-connection.ts";

/**
 * Several syncs run at once, so one slow or failing connection (another team's throttled account)
 * never holds up the others.
 */
export const SYNC_CONCURRENCY = 3;

export function registerSyncJobs(jobs: JobQueue, deps: SyncDependencies): void {
  jobs.work(
    SYNC_QUEUE,
    async (payload, job) => {
      const result = await syncConnection(
        deps,
        {
          organizationId: String(payload.organizationId),
          connectionId: String(payload.connectionId),
          kind: String(payload.kind) as SyncRunKind,
        },
        { attempt: job.attempt, maxAttempts: job.maxAttempts },
      );
      // The queue schedules the next attempt (after the platform's wait, if longer), which resumes the run.
      if (result.outcome === "retry") throw new RetryLaterError(result.retryAfterMs ?? null);
    },
    { concurrency: SYNC_CONCURRENCY },
  );
}

/** Queues an incremental sync for every connection whose last sync is older than the interval. */
export async function enqueueDueSyncs(
  deps: Pick<SyncDependencies, "connections"> & { jobs: JobQueue },
  intervalMinutes: number,
  now: Date = new Date(),
): Promise<number> {
  const due = await deps.connections.listDueForSync(new Date(now.getTime() - intervalMinutes * 60_000), 200);
  let queued = 0;
  for (const connection of due) {
    const isQueued = await requestSync(deps, {
      organizationId: connection.organizationId,
      connectionId: connection.id,
      kind: "incremental",
    });
    if (isQueued) queued += 1;
  }
  return queued;
}
