import type { TFunction } from "i18next";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import type { WebhookEventType } from "#core/webhooks/webhook-events.ts";
import type { WebhookDeliveryStatus } from "./webhooks-types.ts";

/** The catalog keys ("webhooks" namespace) of each event type's label. */
export const EVENT_LABEL_KEYS: Record<WebhookEventType, string> = {
  "notification.created": "events.notificationCreated.label",
  "rule.run.completed": "events.ruleRunCompleted.label",
  "campaign.changed": "events.campaignChanged.label",
  "anomaly.detected": "events.anomalyDetected.label",
  "webhook.test": "events.webhookTest.label",
};

/** The catalog keys of the subscribable event types' one-line descriptions. */
export const EVENT_HINT_KEYS: Record<Exclude<WebhookEventType, "webhook.test">, string> = {
  "notification.created": "events.notificationCreated.hint",
  "rule.run.completed": "events.ruleRunCompleted.hint",
  "campaign.changed": "events.campaignChanged.hint",
  "anomaly.detected": "events.anomalyDetected.hint",
};

export const STATUS_LABEL_KEYS: Record<WebhookDeliveryStatus, string> = {
  pending: "status.pending",
  succeeded: "status.succeeded",
  failed: "status.failed",
};

/** An event type's label; a type this page does not know is shown as it is. */
export function eventLabel(t: TFunction, type: string): string {
  const key = EVENT_LABEL_KEYS[type as WebhookEventType];
  return key ? t(key) : type;
}

/** What an attempt got: "HTTP 200", or what went wrong in the reader's words. */
export function answerText(t: TFunction, attempt: { statusCode: number | null; error: string | null }): string {
  if (attempt.statusCode !== null) return t("status.http", { code: attempt.statusCode });
  return attempt.error ? translateMessage(t, attempt.error) : t("status.noAnswer");
}

/** The address without its scheme, for compact labels. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, "");
}

export function isSuccessCode(code: number | null): boolean {
  return code !== null && code >= 200 && code < 300;
}
