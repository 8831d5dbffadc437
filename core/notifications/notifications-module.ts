import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { PreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { Database } from "#core/db/schema.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { CatalogLanguage } from "#core/shared/catalog-text.ts";
import type { PublishWebhookEvent } from "#core/webhooks/webhook-events.ts";
import { countUnreadNotifications } from "./count-unread-notifications.ts";
import { createNotification } from "./create-notification.ts";
import { type ListNotificationsInput, listNotifications } from "./list-notifications.ts";
import { markAllNotificationsRead } from "./mark-all-notifications-read.ts";
import { markNotificationRead } from "./mark-notification-read.ts";
import { createNotificationRepository } from "./notification-repository.ts";
import { type MessageCatalogs, SYSTEM_CATALOG, systemNotificationCatalog } from "./notification-text.ts";
import type { Notify } from "./notification-types.ts";
import { deletePushSubscription, savePushSubscription } from "./save-push-subscription.ts";
import { sendDailyDigests } from "./send-daily-digests.ts";
import { sendTestPush } from "./send-test-push.ts";
import {
  readNotificationUnsubscribeLink,
  unsubscribeFromNotificationMail,
} from "./unsubscribe-from-notification-mail.ts";
import { createUnsubscribeTokens } from "./unsubscribe-token.ts";
import { createVapidKeyStore, type PushFetch } from "./web-push.ts";

export interface NotificationsModuleDependencies {
  db: Kysely<Database>;
  /** The accounts slice's preferences: who wants which channel, in which language. */
  preferences: PreferencesRepository;
  /** The catalogs notifications are raised from, by name ("rule-alerts", "monitoring-alerts"…); "system" is added. */
  messageCatalogs: MessageCatalogs;
  mailer: Mailer;
  /** Seals the VAPID private key in app_settings. */
  cipher: TokenCipher;
  /** AUTH_SECRET: the unsubscribe links' signing key is derived from it. */
  authSecret: string;
  appUrl: string;
  /** The webhooks slice: every notification is published as "notification.created". */
  publishWebhookEvent: PublishWebhookEvent;
  /** How push requests reach the push services (the outbound guard in production). */
  pushFetch: PushFetch;
  /** "mailto:…" or an https URL, sent in the VAPID JWT. */
  vapidSubject: string;
  /** Refuse push endpoints that are not https (production). */
  requireHttpsPush: boolean;
  logger: Logger;
}

/**
 * Notifications: `notify` (the `Notify` other slices raise through), the centre's reads for a
 * person, the daily digest, Web Push subscriptions and the mail's one-click unsubscribe.
 */
export function createNotificationsModule(deps: NotificationsModuleDependencies) {
  const repository = createNotificationRepository(deps.db);
  const messageCatalogs: MessageCatalogs = { ...deps.messageCatalogs, [SYSTEM_CATALOG]: systemNotificationCatalog };
  const unsubscribeTokens = createUnsubscribeTokens(deps.authSecret);
  const vapid = createVapidKeyStore(repository, deps.cipher);
  const delivery = {
    ...deps,
    repository,
    messageCatalogs,
    unsubscribeTokens,
    vapid,
  };
  const notify: Notify = (notification) => createNotification(delivery, notification);
  return {
    /** Raises a notification for an organization (or one of its people); the producers' entry. */
    notify,
    /** The centre: filters by kind and read state, newest first, a page at a time. */
    listNotifications: useCase("workspace.read", (actor, input: ListNotificationsInput = {}) =>
      listNotifications({ repository, messageCatalogs }, actor, input),
    ),
    markNotificationRead: useCase("workspace.read", (actor, input: { notificationId: string }) =>
      markNotificationRead({ repository }, actor, input),
    ),
    markAllNotificationsRead: useCase("workspace.read", (actor) => markAllNotificationsRead({ repository }, actor)),
    /** The sidebar's unread badge. */
    countUnreadNotifications: useCase("workspace.read", (actor) => countUnreadNotifications({ repository }, actor)),
    /** This browser's push subscription, when the person turns push on. */
    savePushSubscription: useCase("self.manage", (actor, input: { subscription: unknown; userAgent?: string | null }) =>
      savePushSubscription({ repository, requireHttps: deps.requireHttpsPush }, actor, input),
    ),
    deletePushSubscription: useCase("self.manage", (actor, input: { endpoint: string }) =>
      deletePushSubscription({ repository }, actor, input),
    ),
    /** The preferences' test button: a push to the person's own browsers. */
    sendTestPush: useCase("self.manage", (actor, input: { language: CatalogLanguage }) =>
      sendTestPush({ ...delivery }, actor, input),
    ),
    /** The VAPID public key the browser subscribes with (made on first use). */
    getPushPublicKey: async () => (await vapid.keys()).publicKey,
    /** The digest job's work: every digest that is due at `now`. */
    sendDailyDigests: (now?: Date) => sendDailyDigests(delivery, now),
    /** The unsubscribe page: whose link it is (no sign-in; the signed token is the proof). */
    readUnsubscribeLink: (token: unknown) =>
      readNotificationUnsubscribeLink({ repository, preferences: deps.preferences, unsubscribeTokens }, token),
    /** One click (the page's button or the mail client's RFC 8058 POST): email notifications off. */
    unsubscribeFromEmail: (token: unknown) =>
      unsubscribeFromNotificationMail({ repository, preferences: deps.preferences, unsubscribeTokens }, token),
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
