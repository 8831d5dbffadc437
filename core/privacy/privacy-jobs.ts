import type { JobQueue } from "#core/ports/job-queue.ts";
import { DATA_EXPORT_QUEUE } from "./privacy-dependencies.ts";
import type { PrivacyBackground } from "./privacy-module.ts";

const PURGE_QUEUE = "privacy-purge";
/** Expired export files and due deletions are looked for every hour; a deletion runs at most an hour late. */
export const PRIVACY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function registerPrivacyJobs(jobs: JobQueue, background: PrivacyBackground): void {
  jobs.work(DATA_EXPORT_QUEUE, (payload, job) => background.buildDataExport(String(payload.exportId), job));
  jobs.work(PURGE_QUEUE, async () => {
    await background.purge();
  });
}

/** Queues the purge once across nodes (its singleton key). */
export async function queuePrivacyPurge(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(PURGE_QUEUE, {}, { singletonKey: PURGE_QUEUE });
}
