import type { JobQueue } from "#core/ports/job-queue.ts";

export const DIGEST_QUEUE = "notifications.digest";
/** How often the scheduler asks for the digests due: a person's lands within this of their hour. */
export const DIGEST_TICK_MS = 5 * 60_000;

/** The digest job: one at a time across nodes (its singleton key), sending whatever is due. */
export function registerNotificationJobs(
  jobs: JobQueue,
  notifications: { sendDailyDigests(now?: Date): Promise<{ sent: number }> },
): void {
  jobs.work(DIGEST_QUEUE, async () => {
    await notifications.sendDailyDigests(new Date());
  });
}

/** Queues a digest run unless one is queued or running. */
export function queueDigestRun(jobs: JobQueue): Promise<boolean> {
  return jobs.enqueue(DIGEST_QUEUE, {}, { singletonKey: DIGEST_QUEUE, maxAttempts: 3 });
}
