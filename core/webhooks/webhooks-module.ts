import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { FetchLike } from "#core/shared/connector-port.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.ts";
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint.ts";
import { deliverWebhook, queueDeliveryAttempt } from "./deliver-webhook.ts";
import { listWebhookDeliveries } from "./list-webhook-deliveries.ts";
import { listWebhookEndpoints } from "./list-webhook-endpoints.ts";
import { publishWebhookEvent } from "./publish-webhook-event.ts";
import { rotateWebhookSecret } from "./rotate-webhook-secret.ts";
import { sendTestWebhook } from "./send-test-webhook.ts";
import { setWebhookEndpointEnabled, updateWebhookEndpoint } from "./update-webhook-endpoint.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import type { PublishWebhookEvent } from "./webhook-events.ts";
import { createWebhookRepository } from "./webhook-repository.ts";
import type { WebhookAddressPolicy } from "./webhook-url-policy.ts";

export interface WebhooksModuleDependencies {
  db: Kysely<Database>;
  cipher: TokenCipher;
  jobs: JobQueue;
  /** The outbound guard's fetch for webhooks (server/services.ts: allowPrivate = WEBHOOKS_ALLOW_PRIVATE). */
  fetch: FetchLike;
  addressPolicy: WebhookAddressPolicy;
  /**
   * The notifications slice's `Notify`: a delivery given up on after 24 hours raises a warning
   * from the "webhook-alerts" catalog (webhook-alerts-text.ts), which the server registers with it.
   */
  notify: Notify;
  /** Where deliveries say they come from: "Adhelm-Webhooks/1 (+APP_URL)". */
  appUrl: string;
  now?: () => Date;
  random?: () => number;
}

/** How many due deliveries one sweep re-queues. */
const SWEEP_LIMIT = 500;

/**
 * Webhooks: Settings → Webhooks (endpoints, secrets, the delivery log, the test event), the
 * publishing other slices call, and the delivery job.
 */
export function createWebhooksModule(dependencies: WebhooksModuleDependencies) {
  const deps: WebhookDependencies = {
    repository: createWebhookRepository(dependencies.db),
    cipher: dependencies.cipher,
    jobs: dependencies.jobs,
    fetch: dependencies.fetch,
    addressPolicy: dependencies.addressPolicy,
    notify: dependencies.notify,
    userAgent: `Adhelm-Webhooks/1.0 (+${dependencies.appUrl})`,
    now: dependencies.now ?? (() => new Date()),
    random: dependencies.random ?? Math.random,
  };
  const publish: PublishWebhookEvent = (event) => publishWebhookEvent(deps, event);
  return {
    /** The organization's endpoints with their newest delivery; members see them read-only. */
    listWebhookEndpoints: useCase("workspace.read", (actor) => listWebhookEndpoints(deps, actor)),
    /** An endpoint's delivery log. */
    listWebhookDeliveries: useCase("workspace.read", (actor, endpointId: string) =>
      listWebhookDeliveries(deps, actor, endpointId),
    ),
    /** A new endpoint; its secret is in the answer once. `values`: { url, description?, eventTypes }. */
    createWebhookEndpoint: useCase("webhooks.manage", (actor, values: unknown) =>
      createWebhookEndpoint(deps, actor, values),
    ),
    updateWebhookEndpoint: useCase("webhooks.manage", (actor, input: { endpointId: string; values: unknown }) =>
      updateWebhookEndpoint(deps, actor, input),
    ),
    setWebhookEndpointEnabled: useCase("webhooks.manage", (actor, input: { endpointId: string; isEnabled: boolean }) =>
      setWebhookEndpointEnabled(deps, actor, input),
    ),
    deleteWebhookEndpoint: useCase("webhooks.manage", (actor, endpointId: string) =>
      deleteWebhookEndpoint(deps, actor, endpointId),
    ),
    /** A new secret, shown once; the old one signs beside it for 24 hours. */
    rotateWebhookSecret: useCase("webhooks.manage", (actor, endpointId: string) =>
      rotateWebhookSecret(deps, actor, endpointId),
    ),
    /** Sends a `webhook.test` event to the endpoint now and answers with the result. */
    sendTestWebhook: useCase("webhooks.manage", (actor, endpointId: string) =>
      sendTestWebhook(deps, actor, endpointId),
    ),
    /** PublishWebhookEvent (webhook-events.ts), for the other slices: the event names its organization. */
    publishWebhookEvent: publish,
    /** The delivery job's body: one attempt of a due delivery (webhook-jobs.ts). */
    deliverWebhook: async (deliveryId: string): Promise<void> => {
      await deliverWebhook(deps, deliveryId);
    },
    /**
     * The scheduler's sweep: queues the attempt of every due delivery again, in case its job was
     * lost (a crash between storing and queueing). A job already queued for it is kept.
     */
    queueDueWebhookDeliveries: async (): Promise<number> => {
      const due = await deps.repository.dueDeliveries(deps.now(), SWEEP_LIMIT);
      for (const delivery of due) await queueDeliveryAttempt(deps, delivery);
      return due.length;
    },
  };
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
