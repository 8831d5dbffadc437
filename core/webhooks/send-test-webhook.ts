import { randomUUID } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { deliverWebhook } from "./deliver-webhook.ts";
import { webhookBody, webhookEventIdOf } from "./publish-webhook-event.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import { WEBHOOK_MESSAGES } from "./webhook-schemas.ts";
import { toDeliverySummary } from "./webhook-summaries.ts";
import type { WebhookTestResult } from "./webhook-types.ts";

/**
 * "Send test event": a `webhook.test` event to this endpoint only, sent at once (whether or not it
 * subscribed to it or is enabled), signed like any other, with the result in the answer. It is
 * logged like any delivery but not retried: the person sees the result and can send another.
 */
export async function sendTestWebhook(
  deps: WebhookDependencies,
  actor: Actor,
  endpointId: string,
): Promise<WebhookTestResult> {
  const endpoint = await deps.repository.findEndpoint(actor.organizationId, endpointId);
  if (!endpoint) throw new AppError("not_found", WEBHOOK_MESSAGES.notFound);
  const now = deps.now();
  const event = {
    organizationId: actor.organizationId,
    type: "webhook.test" as const,
    data: { message: "This is a test event from Adhelm.", endpoint_id: endpoint.id, sent_by: actor.label },
  };
  const eventId = webhookEventIdOf(event);
  const deliveryId = `whd_${randomUUID().replaceAll("-", "")}`;
  await deps.repository.insertDelivery({
    id: deliveryId,
    organizationId: actor.organizationId,
    endpointId,
    eventId,
    eventType: event.type,
    payloadJson: webhookBody(event, eventId, now),
    createdAt: now,
  });
  const outcome = await deliverWebhook(deps, deliveryId, { isRetried: false, isDisabledAllowed: true });
  const delivery = (await deps.repository.listDeliveries(actor.organizationId, endpointId, 5)).find(
    (record) => record.id === deliveryId,
  );
  if (!outcome || !delivery) throw new AppError("internal_error", "The test event could not be sent.");
  return {
    delivery: toDeliverySummary(delivery),
    isSuccess: outcome.status === "succeeded",
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: Math.round(outcome.durationMs),
  };
}
