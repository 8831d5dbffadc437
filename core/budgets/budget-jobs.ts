import type { JobQueue } from "#core/ports/job-queue.ts";

export const PACING_QUEUE = "budget-pacing";

/** How often every organization with a budget is checked; an alert goes out once a day at most. */
export const PACING_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The worker of the pacing queue: each job is one organization's check. */
export function registerBudgetJobs(
  jobs: JobQueue,
  budgets: { checkBudgetPacing(organizationId: string): Promise<unknown> },
): void {
  jobs.work(PACING_QUEUE, async (payload) => {
    await budgets.checkBudgetPacing(String(payload.organizationId));
  });
}

/** Queues one organization's check; false when one is already waiting. */
export function queuePacingCheck(jobs: JobQueue, organizationId: string): Promise<boolean> {
  return jobs.enqueue(
    PACING_QUEUE,
    { organizationId },
    { singletonKey: `budget-pacing:${organizationId}`, maxAttempts: 3 },
  );
}
