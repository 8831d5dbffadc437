/**
 * The optimizer's jobs. A tick (every OPTIMIZER_TICK_MS, from server/background.ts) queues, per
 * organization: its daily run once its clock passes DAILY_RUN_HOUR, when its plan asks for a
 * daily rebalance or auto-apply and today's run is not made yet; and the follow-up of applied
 * recommendations while some wait for it. Each job acts as Adhelm optimizer through the module's
 * use cases. Both are safe to repeat: the daily run checks for today's run first, and a follow-up
 * stores each outcome once.
 */
import type { Kysely } from "kysely";
import { calendarDateIn } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import type { OptimizerModule } from "./optimizer-module.ts";
import { createOptimizerRepository } from "./optimizer-repository.ts";
import { hourIn, startOfDayIn } from "./organization-day.ts";
import { optimizerActor } from "./run-daily-optimization.ts";

export const OPTIMIZER_QUEUE = "optimizer";
export const OPTIMIZER_TICK_MS = 15 * 60_000;
/** The daily run starts at this hour of the organization's day (after the night's syncs). */
export const DAILY_RUN_HOUR = 6;

/** The worker of the optimizer queue: { organizationId, work: "daily" | "follow_up" }. */
export function registerOptimizerJobs(
  jobs: JobQueue,
  optimizer: Pick<OptimizerModule, "runDailyOptimization" | "followUpRecommendations">,
  /** Whether billing made the organization read-only: the optimizer then neither rebalances nor applies. */
  isReadOnly: (organizationId: string) => Promise<boolean> = async () => false,
): void {
  jobs.work(OPTIMIZER_QUEUE, async (payload) => {
    if (await isReadOnly(String(payload.organizationId))) return;
    const actor = optimizerActor(String(payload.organizationId));
    if (payload.work === "daily") await optimizer.runDailyOptimization(actor);
    else await optimizer.followUpRecommendations(actor);
  });
}

export function createOptimizerSchedule(deps: {
  db: Kysely<Database>;
  jobs: JobQueue;
  clock: AdsClock;
  timeZoneOf: (organizationId: string) => Promise<string>;
  /** The budgets slice's list of organizations whose plan asks for a daily run. */
  listOrganizationsWithDailyRun: () => Promise<string[]>;
}) {
  const optimizer = createOptimizerRepository(deps.db);
  return {
    /** Queues the due daily runs and follow-ups; returns how many jobs were queued. */
    async queueDueOptimizerWork(): Promise<number> {
      const now = await deps.clock.now();
      let queued = 0;
      for (const organizationId of await deps.listOrganizationsWithDailyRun()) {
        const timeZone = await deps.timeZoneOf(organizationId);
        if (hourIn(timeZone, now) < DAILY_RUN_HOUR) continue;
        if (await optimizer.hasScheduledRunSince(organizationId, startOfDayIn(timeZone, now))) continue;
        const day = calendarDateIn(timeZone, now);
        if (
          await deps.jobs.enqueue(
            OPTIMIZER_QUEUE,
            { organizationId, work: "daily" },
            { singletonKey: `optimizer-daily:${organizationId}:${day}`, maxAttempts: 3 },
          )
        )
          queued += 1;
      }
      for (const organizationId of await optimizer.listOrganizationsToFollowUp())
        if (
          await deps.jobs.enqueue(
            OPTIMIZER_QUEUE,
            { organizationId, work: "follow_up" },
            { singletonKey: `optimizer-follow-up:${organizationId}`, maxAttempts: 3 },
          )
        )
          queued += 1;
      return queued;
    },
  };
}

export type OptimizerSchedule = ReturnType<typeof createOptimizerSchedule>;
