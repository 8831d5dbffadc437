import type { Env } from "#core/config/env.ts";
import type { Logger } from "#core/ports/logger.ts";
import { registerSyncJobs } from "#core/sync/sync-jobs.ts";
import type { ServerServices } from "./services.ts";

const SCHEDULER_TICK_MS = 60_000;
const OAUTH_STATE_RETENTION_MS = 24 * 60 * 60 * 1000;
const JOB_STOP_TIMEOUT_MS = 3_000;

export interface BackgroundWork {
  stop(): Promise<void>;
}

/**
 * The work that runs beside the HTTP server: the job queue (syncs) and a once-a-minute scheduler
 * that queues the incremental sync of every connection that is due. On several nodes each one
 * ticks; the singleton key per connection keeps the queue free of duplicates.
 */
export async function startBackgroundWork({
  env,
  services,
  logger,
}: {
  env: Env;
  services: ServerServices;
  logger: Logger;
}): Promise<BackgroundWork> {
  registerSyncJobs(services.jobs, services.sync);
  await services.jobs.start();
  const tick = async () => {
    try {
      // Each due sync is queued, and later run, as Adhelm acting for the connection's organization.
      const queued = await services.syncSchedule.queueDueSyncs(env.SYNC_INTERVAL_MINUTES);
      if (queued > 0) logger.info({ queued }, "syncs queued");
      await services.syncSchedule.forgetExpiredOAuthStates(new Date(Date.now() - OAUTH_STATE_RETENTION_MS));
    } catch (error) {
      logger.warn({ err: error }, "sync scheduler tick failed");
    }
  };
  const timer = setInterval(() => void tick(), SCHEDULER_TICK_MS);
  timer.unref();
  void tick();
  logger.info({ queue: services.jobs.kind, intervalMinutes: env.SYNC_INTERVAL_MINUTES }, "background jobs started");
  return {
    async stop() {
      clearInterval(timer);
      // A sync cut short resumes at the next start, so shutdown does not wait long for one.
      await services.jobs.stop(JOB_STOP_TIMEOUT_MS);
    },
  };
}
