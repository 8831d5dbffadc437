import type { JobQueue } from "#core/ports/job-queue.ts";

const API_KEY_EXPIRY_QUEUE = "api-key-expiry-reminders";
/** Keys expiring within 7 days are looked for once a day (and at each start). */
export const API_KEY_EXPIRY_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function registerApiKeyJobs(jobs: JobQueue, remind: () => Promise<unknown>): void {
  jobs.work(API_KEY_EXPIRY_QUEUE, async () => {
    await remind();
  });
}

/** Queues the day's reminders once across nodes (its singleton key). */
export async function queueApiKeyExpiryReminders(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(API_KEY_EXPIRY_QUEUE, {}, { singletonKey: API_KEY_EXPIRY_QUEUE });
}
