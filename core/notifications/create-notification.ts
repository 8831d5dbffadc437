import { z } from "zod";
import type { PreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { PublishWebhookEvent } from "#core/webhooks/webhook-events.ts";
import { criticalAlertMail } from "./notification-mail.ts";
import { allowsDelivery, isChannelAsked } from "./notification-preferences.ts";
import type { NotificationRepository, StoredNotification } from "./notification-repository.ts";
import { languageOf, type MessageCatalogs, renderMessage, renderStored } from "./notification-text.ts";
import {
  type NewNotification,
  NOTIFICATION_KINDS,
  type NotificationMessage,
  SEVERITIES,
} from "./notification-types.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";
import { type PushFetch, sendPush, type VapidKeyStore } from "./web-push.ts";

export interface DeliveryDependencies {
  repository: NotificationRepository;
  preferences: Pick<PreferencesRepository, "findByUserId">;
  messageCatalogs: MessageCatalogs;
  mailer: Mailer;
  unsubscribeTokens: UnsubscribeTokens;
  vapid: VapidKeyStore;
  pushFetch: PushFetch;
  vapidSubject: string;
  publishWebhookEvent: PublishWebhookEvent;
  appUrl: string;
  logger: Logger;
}

const CHANNELS = ["in_app", "email", "push", "webhook"] as const;

const newNotificationSchema = z.object({
  organizationId: z.string().min(1),
  userId: z.string().min(1).nullish(),
  kind: z.enum(NOTIFICATION_KINDS),
  severity: z.enum(SEVERITIES),
  message: z.object({
    catalog: z.string().min(1),
    key: z.string().min(1),
    params: z
      .record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          z.object({ amountMinor: z.number().int(), currency: z.string().length(3) }),
          z.object({ roas: z.number() }),
          z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
        ]),
      )
      .optional(),
  }),
  // An app path only: a notification never links off Adhelm.
  link: z
    .string()
    .regex(/^\/(?!\/)/, "A notification links to an app path such as /rules/…")
    .nullish(),
  objectType: z.enum(["rule", "rule_run", "campaign", "connection", "organization", "webhook"]).nullish(),
  objectId: z.string().max(64).nullish(),
  dedupeKey: z.string().max(200).nullish(),
  data: z.record(z.string(), z.unknown()).optional(),
  channels: z.array(z.enum(CHANNELS)).optional(),
});

/**
 * `Notify`: stores the notification once per dedupe key (in English, from its catalog), then
 * delivers it on the channels it was raised for, as each person's preferences allow: a critical
 * one is mailed at once (the rest wait for the daily digest), pushed to every browser its people
 * subscribed, and published to the organization's webhooks as "notification.created". A channel
 * that fails is logged and does not undo the others: the notification stays in the centre.
 */
export async function createNotification(deps: DeliveryDependencies, input: NewNotification): Promise<string | null> {
  const parsed = newNotificationSchema.parse(input);
  const message = parsed.message as NotificationMessage;
  const english = renderMessage(deps.messageCatalogs, message, "en");
  const stored = await deps.repository.insert({
    organizationId: parsed.organizationId,
    userId: parsed.userId ?? null,
    kind: parsed.kind,
    severity: parsed.severity,
    title: english.title,
    body: english.body,
    link: parsed.link ?? null,
    objectType: parsed.objectType ?? null,
    objectId: parsed.objectId ?? null,
    dedupeKey: parsed.dedupeKey ?? null,
    data: { ...parsed.data, message },
    channels: parsed.channels ?? null,
  });
  if (!stored) return null;
  await deliverNotification(deps, stored);
  return stored.id;
}

async function deliverNotification(deps: DeliveryDependencies, notification: StoredNotification): Promise<void> {
  const wantsEmail = notification.severity === "critical" && isChannelAsked(notification.channels, "email");
  const wantsPush = isChannelAsked(notification.channels, "push");
  if (wantsEmail || wantsPush) {
    const recipients = await deps.repository.recipients(notification.organizationId, notification.userId);
    const organization = (await deps.repository.organizationName(notification.organizationId)) ?? "Adhelm";
    let mailed = 0;
    for (const recipient of recipients) {
      try {
        const preferences = await deps.preferences.findByUserId(recipient.userId);
        const language = languageOf(preferences.language);
        const words = renderStored(deps.messageCatalogs, notification, language);
        if (wantsEmail && allowsDelivery(preferences, "email", notification.kind)) {
          await deps.mailer.send(
            criticalAlertMail({
              to: {
                email: recipient.email,
                name: recipient.name,
                language,
                unsubscribeUrl: unsubscribeUrlFor(deps, recipient.userId),
              },
              organization,
              message: words,
              url: `${deps.appUrl}${notification.link ?? "/notifications"}`,
            }),
          );
          mailed += 1;
        }
        if (wantsPush && allowsDelivery(preferences, "push", notification.kind)) {
          for (const subscription of await deps.repository.pushSubscriptionsOf(recipient.userId))
            await sendPush(
              deps,
              subscription,
              { ...words, url: notification.link ?? "/notifications", tag: notification.id },
              { isUrgent: notification.severity === "critical" },
            );
        }
      } catch (error) {
        deps.logger.warn({ err: error, notificationId: notification.id }, "notification delivery failed for a member");
      }
    }
    if (mailed > 0) await deps.repository.markEmailed(notification.id, new Date());
  }
  if (isChannelAsked(notification.channels, "webhook")) {
    try {
      await deps.publishWebhookEvent({
        organizationId: notification.organizationId,
        type: "notification.created",
        eventId: notification.id,
        data: webhookDataOf(notification),
      });
    } catch (error) {
      deps.logger.warn({ err: error, notificationId: notification.id }, "notification webhook publish failed");
    }
  }
}

export function unsubscribeUrlFor(deps: Pick<DeliveryDependencies, "appUrl" | "unsubscribeTokens">, userId: string) {
  return `${deps.appUrl}/notifications/unsubscribe?token=${encodeURIComponent(deps.unsubscribeTokens.tokenFor(userId))}`;
}

/** snake_case, as the public API writes it. */
function webhookDataOf(notification: StoredNotification): Record<string, unknown> {
  const { message: _message, ...details } = notification.data;
  return {
    id: notification.id,
    kind: notification.kind,
    severity: notification.severity,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    object_type: notification.objectType,
    object_id: notification.objectId,
    user_id: notification.userId,
    data: details,
    created_at: notification.createdAt,
  };
}
