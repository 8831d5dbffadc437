import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CatalogLanguage } from "#core/shared/catalog-text.ts";
import type { NotificationRepository } from "./notification-repository.ts";
import { type MessageCatalogs, renderMessage, SYSTEM_CATALOG } from "./notification-text.ts";
import { type PushFetch, type PushOutcome, sendPush, type VapidKeyStore } from "./web-push.ts";

/**
 * The preferences' "Send a test notification": a push to every browser the person subscribed, in
 * their language (the system catalog's pushTest). It is not stored.
 */
export async function sendTestPush(
  deps: {
    repository: NotificationRepository;
    messageCatalogs: MessageCatalogs;
    vapid: VapidKeyStore;
    pushFetch: PushFetch;
    vapidSubject: string;
  },
  actor: Actor,
  input: { language: CatalogLanguage },
): Promise<{ delivered: number; failed: number; removed: number }> {
  const subscriptions = await deps.repository.pushSubscriptionsOf(actor.id);
  if (subscriptions.length === 0)
    throw new AppError(
      "unprocessable_entity",
      "This browser is not subscribed to push notifications. Turn push notifications on first.",
    );
  const words = renderMessage(deps.messageCatalogs, { catalog: SYSTEM_CATALOG, key: "pushTest" }, input.language);
  const outcomes: PushOutcome[] = [];
  for (const subscription of subscriptions)
    outcomes.push(await sendPush(deps, subscription, { ...words, url: "/notifications", tag: "push-test" }));
  const count = (outcome: PushOutcome) => outcomes.filter((each) => each === outcome).length;
  return { delivered: count("delivered"), failed: count("failed"), removed: count("gone") };
}
