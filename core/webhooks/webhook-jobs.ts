import type { JobQueue } from "#core/ports/job-queue.ts";
import { WEBHOOK_CONCURRENCY, WEBHOOK_QUEUE } from "./deliver-webhook.ts";
import type { WebhooksModule } from "./webhooks-module.ts";

/** The worker of the delivery queue: each job makes one attempt of one delivery. */
export function registerWebhookJobs(jobs: JobQueue, webhooks: Pick<WebhooksModule, "deliverWebhook">): void {
  jobs.work(
    WEBHOOK_QUEUE,
    async (payload) => {
      await webhooks.deliverWebhook(String(payload.deliveryId));
    },
    { concurrency: WEBHOOK_CONCURRENCY },
  );
}
