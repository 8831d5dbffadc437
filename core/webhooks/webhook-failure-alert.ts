import type { NewNotification } from "#core/notifications/notification-types.ts";
import { WEBHOOK_ALERT_KEYS, WEBHOOK_ALERTS_CATALOG } from "./webhook-alerts-text.ts";
import type { WebhookDependencies } from "./webhook-dependencies.ts";
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "./webhook-repository.ts";

/** Where the notification leads: the endpoint's card and its delivery log. */
export const WEBHOOKS_PAGE = "/settings/webhooks";

/**
 * The notification raised when a delivery is given up on after its 24 hours of retries: a warning
 * to everyone in the organization, once per delivery (its dedupe key), in the centre, the daily
 * digest and push. Never on the webhook channel: a "notification.created" about a failing
 * endpoint would be sent to that endpoint, fail for a day, and raise another.
 */
export function deliveryGivenUpNotification(
  endpoint: WebhookEndpointRecord,
  delivery: WebhookDeliveryRecord,
  /** The last attempt: the endpoint's status code, or what went wrong in our words. */
  outcome: { statusCode: number | null; error: string | null },
  attempts: number,
): NewNotification {
  const params = { event: delivery.eventType, endpoint: endpoint.description || endpoint.url };
  return {
    organizationId: delivery.organizationId,
    kind: "webhook",
    severity: "warning",
    message:
      outcome.statusCode === null
        ? { catalog: WEBHOOK_ALERTS_CATALOG, key: WEBHOOK_ALERT_KEYS.deliveryFailedUnreachable, params }
        : {
            catalog: WEBHOOK_ALERTS_CATALOG,
            key: WEBHOOK_ALERT_KEYS.deliveryFailedStatus,
            // A status code is not a quantity: kept as written, not formatted as a number.
            params: { ...params, statusCode: String(outcome.statusCode) },
          },
    link: WEBHOOKS_PAGE,
    objectType: "webhook",
    objectId: endpoint.id,
    dedupeKey: `webhook-delivery-failed:${delivery.id}`,
    data: {
      endpoint_id: endpoint.id,
      endpoint_url: endpoint.url,
      delivery_id: delivery.id,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      attempts,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
    },
    channels: ["in_app", "email", "push"],
  };
}

/** Raises it through the notifications slice's `Notify`. */
export async function alertDeliveryGivenUp(
  deps: Pick<WebhookDependencies, "notify">,
  ...input: Parameters<typeof deliveryGivenUpNotification>
): Promise<void> {
  await deps.notify(deliveryGivenUpNotification(...input));
}
