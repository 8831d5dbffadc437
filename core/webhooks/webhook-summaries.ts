import type { WebhookAttemptRecord, WebhookDeliveryRecord, WebhookEndpointRecord } from "./webhook-repository.ts";
import type { WebhookDeliverySummary, WebhookEndpointSummary } from "./webhook-types.ts";

export function toEndpointSummary(
  record: WebhookEndpointRecord,
  lastDelivery: WebhookDeliveryRecord | null,
  now: Date,
): WebhookEndpointSummary {
  const isRotating = record.previousSecretExpiresAt !== null && record.previousSecretExpiresAt > now;
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    eventTypes: record.eventTypes,
    isEnabled: record.isEnabled,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    previousSecretExpiresAt: isRotating ? (record.previousSecretExpiresAt?.toISOString() ?? null) : null,
    lastDelivery: lastDelivery
      ? {
          eventType: lastDelivery.eventType,
          status: lastDelivery.status,
          statusCode: lastDelivery.lastStatusCode,
          error: lastDelivery.lastError,
          at: lastDelivery.updatedAt.toISOString(),
        }
      : null,
  };
}

export function toDeliverySummary(
  record: WebhookDeliveryRecord & { tries?: WebhookAttemptRecord[] },
): WebhookDeliverySummary {
  return {
    id: record.id,
    endpointId: record.endpointId,
    eventId: record.eventId,
    eventType: record.eventType,
    status: record.status,
    attempts: record.attempts,
    lastStatusCode: record.lastStatusCode,
    lastError: record.lastError,
    nextAttemptAt: record.status === "pending" ? (record.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    tries: (record.tries ?? []).map((attempt) => ({
      id: attempt.id,
      at: attempt.createdAt.toISOString(),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  };
}
