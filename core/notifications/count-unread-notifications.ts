import type { Actor } from "#core/access/actor.ts";
import { readerOf } from "./notification-reader.ts";
import type { NotificationRepository } from "./notification-repository.ts";

/** The sidebar's badge: what the reader has not read yet in the organization they work in. */
export async function countUnreadNotifications(
  deps: { repository: NotificationRepository },
  actor: Actor,
): Promise<number> {
  return deps.repository.countUnread(readerOf(actor));
}
