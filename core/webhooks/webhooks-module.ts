import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
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
import { readEndpoint, setWebhookEndpointEnabled, updateWebhookEndpoint } from "./update-webhook-endpoint.ts";
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
  /** Where changes to endpoints are recorded (the organization's audit log). */
  audit?: AuditLog;
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
  const audit = dependencies.audit ?? createAuditLog(dependencies.db);
  const endpointTarget = (endpoint: { id: string; url: string }) => ({
    type: "webhook",
    id: endpoint.id,
    label: addressOf(endpoint.url),
  });
  return {
    /** The organization's endpoints with their newest delivery; members see them read-only. */
    listWebhookEndpoints: useCase("workspace.read", (actor) => listWebhookEndpoints(deps, actor)),
    /** An endpoint's delivery log. */
    listWebhookDeliveries: useCase("workspace.read", (actor, endpointId: string) =>
      listWebhookDeliveries(deps, actor, endpointId),
    ),
    /** A new endpoint; its secret is in the answer once. `values`: { url, description?, eventTypes }. */
    createWebhookEndpoint: useCase("webhooks.manage", async (actor, values: unknown) => {
      const created = await createWebhookEndpoint(deps, actor, values);
      await audit.record(actor, {
        action: "webhook.created",
        target: endpointTarget(created.endpoint),
        details: { eventTypes: created.endpoint.eventTypes },
      });
      return created;
    }),
    updateWebhookEndpoint: useCase("webhooks.manage", async (actor, input: { endpointId: string; values: unknown }) => {
      const updated = await updateWebhookEndpoint(deps, actor, input);
      await audit.record(actor, {
        action: "webhook.updated",
        target: endpointTarget(updated),
        details: { eventTypes: updated.eventTypes },
      });
      return updated;
    }),
    setWebhookEndpointEnabled: useCase(
      "webhooks.manage",
      async (actor, input: { endpointId: string; isEnabled: boolean }) => {
        const updated = await setWebhookEndpointEnabled(deps, actor, input);
        await audit.record(actor, {
          action: "webhook.updated",
          target: endpointTarget(updated),
          details: { enabled: updated.isEnabled },
        });
        return updated;
      },
    ),
    deleteWebhookEndpoint: useCase("webhooks.manage", async (actor, endpointId: string) => {
      const endpoint = await readEndpoint(deps, actor.organizationId, endpointId, deps.now());
      const deleted = await deleteWebhookEndpoint(deps, actor, endpointId);
      await audit.record(actor, { action: "webhook.deleted", target: endpointTarget(endpoint) });
      return deleted;
    }),
    /** A new secret, shown once; the old one signs beside it for 24 hours. */
    rotateWebhookSecret: useCase("webhooks.manage", async (actor, endpointId: string) => {
      const rotated = await rotateWebhookSecret(deps, actor, endpointId);
      await audit.record(actor, {
        action: "webhook.updated",
        target: endpointTarget(rotated.endpoint),
        details: { secretRotated: true },
      });
      return rotated;
    }),
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

/** An endpoint's address as the audit log shows it: without its query string, which may hold a token. */
function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
