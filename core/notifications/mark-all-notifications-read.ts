import type { Actor } from "#core/access/actor.ts";
import { readerOf } from "./notification-reader.ts";
import type { NotificationRepository } from "./notification-repository.ts";

/** Marks everything the reader has not read as read by them; answers how many. */
export async function markAllNotificationsRead(
  deps: { repository: NotificationRepository },
  actor: Actor,
): Promise<{ marked: number }> {
  return { marked: await deps.repository.markAllRead(readerOf(actor)) };
}
