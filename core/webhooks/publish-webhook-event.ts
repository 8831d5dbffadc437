import { createHash, randomUUID } from "node:crypto";
import { queueDeliveryAttempt } from "./deliver-webhook.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import type { WebhookEvent } from "./webhook-events.ts";

/**
 * The event's public id: from the publisher's stable id (so publishing the same happening twice
 * gives the same id, and each endpoint gets it once), else a new one.
 */
export function webhookEventIdOf(event: Pick<WebhookEvent, "organizationId" | "eventId">): string {
  if (!event.eventId) return `evt_${randomUUID().replaceAll("-", "")}`;
  return `evt_${createHash("sha256").update(`${event.organizationId}\n${event.eventId}`).digest("hex").slice(0, 32)}`;
}

/** The body every endpoint receives, byte for byte what is signed. */
export function webhookBody(event: WebhookEvent, eventId: string, createdAt: Date): string {
  return JSON.stringify({
    id: eventId,
    type: event.type,
    created_at: createdAt.toISOString(),
    organization_id: event.organizationId,
    data: event.data,
  });
}

/**
 * PublishWebhookEvent: one delivery per enabled endpoint of the organization that subscribed to
 * the event's type (an endpoint that has the event already is skipped), each with a job that sends it.
 */
export async function publishWebhookEvent(deps: WebhookDependencies, event: WebhookEvent): Promise<void> {
  const endpoints = (await deps.repository.listEndpoints(event.organizationId)).filter(
    (endpoint) => endpoint.isEnabled && endpoint.eventTypes.includes(event.type),
  );
  if (endpoints.length === 0) return;
  const now = deps.now();
  const eventId = webhookEventIdOf(event);
  const body = webhookBody(event, eventId, now);
  for (const endpoint of endpoints) {
    const deliveryId = `whd_${randomUUID().replaceAll("-", "")}`;
    const isNew = await deps.repository.insertDelivery({
      id: deliveryId,
      organizationId: event.organizationId,
      endpointId: endpoint.id,
      eventId,
      eventType: event.type,
      payloadJson: body,
      createdAt: now,
    });
    if (isNew) await queueDeliveryAttempt(deps, { id: deliveryId, attempts: 0 });
  }
}
