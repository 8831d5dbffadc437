import type { WebhookEventType } from "./webhook-events.ts";

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";

/** An endpoint as the page and the API show it; its secret is never in it. */
export interface WebhookEndpointSummary {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** After a rotation: until when the old secret still signs beside the new one. */
  previousSecretExpiresAt: string | null;
  /** The newest delivery, if any. */
  lastDelivery: {
    eventType: string;
    status: WebhookDeliveryStatus;
    statusCode: number | null;
    error: string | null;
    at: string;
  } | null;
}

/** One try of a delivery: the endpoint's status code, or what went wrong in our words. */
export interface WebhookAttemptSummary {
  id: string;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDeliverySummary {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** The next retry of a pending delivery. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The tries, newest first. */
  tries: WebhookAttemptSummary[];
}

/** An endpoint made or rotated: its secret, shown this once. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpointSummary;
  secret: string;
}

/** What "Send test event" shows at once. */
export interface WebhookTestResult {
  delivery: WebhookDeliverySummary;
  isSuccess: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}
