import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type {
  WebhookDeliverySummary,
  WebhookEndpointSummary,
  WebhookTestResult,
} from "#core/webhooks/webhook-types.ts";

export type {
  WebhookDeliveryStatus,
  WebhookDeliverySummary,
  WebhookEndpointSummary,
  WebhookTestResult,
} from "#core/webhooks/webhook-types.ts";

/** An endpoint with its delivery log, as the route's loader hands it to the screen. */
export interface WebhookEndpointView extends WebhookEndpointSummary {
  deliveries: WebhookDeliverySummary[];
}

export interface WebhooksScreenProps {
  endpoints: WebhookEndpointView[];
  /** Owners and admins manage endpoints; members see them read-only. */
  canManage: boolean;
  /** The server's time when the page was rendered. */
  now: string;
  /** The reader's time zone (their profile's). */
  timeZone: string;
}

/** Every answer of the webhooks route's action. A secret travels once, in the create or rotate answer. */
export type WebhooksActionResult =
  | { ok: true; intent: "create" | "rotate"; endpoint: WebhookEndpointSummary; secret: string }
  | { ok: true; intent: "update" | "enable"; endpoint: WebhookEndpointSummary }
  | { ok: true; intent: "delete"; endpointId: string }
  | { ok: true; intent: "test"; result: WebhookTestResult }
  | ActionRefusal;
