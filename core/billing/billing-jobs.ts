import type { JobQueue } from "#core/ports/job-queue.ts";
import type { BillingBackground } from "./billing-module.ts";

const BILLING_QUEUE = "billing-tick";
/** Trial reminders and ends, renewals and dunning retries are looked for every hour. */
export const BILLING_TICK_INTERVAL_MS = 60 * 60 * 1000;

export function registerBillingJobs(jobs: JobQueue, background: Pick<BillingBackground, "runBillingTick">): void {
  jobs.work(BILLING_QUEUE, async () => {
    await background.runBillingTick();
  });
}

/** Queues the tick once across nodes (its singleton key). */
export async function queueBillingTick(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(BILLING_QUEUE, {}, { singletonKey: BILLING_QUEUE });
}
