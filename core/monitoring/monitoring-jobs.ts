import type { Kysely } from "kysely";
import { systemActor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import type { MonitoringModule } from "./monitoring-module.ts";
import { createMonitoringRepository } from "./monitoring-repository.ts";
import { MONITORING_ACTOR } from "./run-monitoring.ts";

export const MONITORING_QUEUE = "monitoring";

/** How often every organization with a connection is checked (hourly; syncs run every 30 minutes by default). */
export const MONITORING_INTERVAL_MS = 60 * 60 * 1000;

/** The worker of the monitoring queue: each job is one run, as Adhelm monitoring, for the job's organization. */
export function registerMonitoringJobs(jobs: JobQueue, monitoring: Pick<MonitoringModule, "runMonitoring">): void {
  jobs.work(MONITORING_QUEUE, async (payload) => {
    await monitoring.runMonitoring(systemActor(String(payload.organizationId), MONITORING_ACTOR));
  });
}

/**
 * The monitoring schedule: queues a run for every organization with a connection that is not
 * disconnected. One run per organization is queued or running at a time (its singleton key), and
 * a run is idempotent, so several nodes ticking at once change nothing.
 */
export function createMonitoringSchedule(deps: { db: Kysely<Database>; jobs: JobQueue }) {
  const monitoring = createMonitoringRepository(deps.db);
  return {
    async queueMonitoringRuns(): Promise<number> {
      let queued = 0;
      for (const organizationId of await monitoring.listOrganizationsToMonitor()) {
        if (await queueMonitoringRun(deps.jobs, organizationId)) queued += 1;
      }
      return queued;
    },

    /**
     * After a successful sync of an ad platform: queues the organization's run, so fresh numbers
     * are judged at once rather than at the next hourly tick (a store's sync changes nothing it
     * judges). False when the sync was a store's or a run is already waiting.
     */
    async queueMonitoringAfterSync(completed: { organizationId: string; connectionId: string }): Promise<boolean> {
      const platform = await monitoring.platformOfConnection(completed.organizationId, completed.connectionId);
      if (platform === null || !isAdPlatform(platform)) return false;
      return queueMonitoringRun(deps.jobs, completed.organizationId);
    },
  };
}

/** Queues one organization's run (after a sync, or from the schedule); false when one is already waiting. */
export function queueMonitoringRun(jobs: JobQueue, organizationId: string): Promise<boolean> {
  return jobs.enqueue(
    MONITORING_QUEUE,
    { organizationId },
    { singletonKey: `monitoring:${organizationId}`, maxAttempts: 3 },
  );
}

export type MonitoringSchedule = ReturnType<typeof createMonitoringSchedule>;
