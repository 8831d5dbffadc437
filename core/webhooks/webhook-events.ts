/**
 * The events an organization's webhook endpoints may subscribe to, and how other slices publish
 * one. The webhooks slice stores a delivery per subscribed endpoint and sends it signed, retrying
 * for 24 hours (core/webhooks).
 */

export const WEBHOOK_EVENT_TYPES = [
  // Every notification (rules, anomalies, operations), with its kind and severity.
  "notification.created",
  // A rule's run finished: its trigger, mode, counts and actions.
  "rule.run.completed",
  // A campaign change was pushed by anyone (a person, an API key, a rule).
  "campaign.changed",
  // Monitoring found an anomaly.
  "anomaly.detected",
  // Only sent by "Send test event".
  "webhook.test",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEvent {
  organizationId: string;
  type: WebhookEventType;
  /** snake_case JSON as the public API writes it. */
  data: Record<string, unknown>;
  /** Stable for the same happening, so a rerun delivers it once; a new one is made when absent. */
  eventId?: string;
}

/** Queues the event for every enabled endpoint of the organization that subscribed to its type. */
export type PublishWebhookEvent = (event: WebhookEvent) => Promise<void>;
