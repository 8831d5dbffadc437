import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { readerOf } from "./notification-reader.ts";
import type { NotificationRepository } from "./notification-repository.ts";

/** Marks one notification the reader may see as read by them (again is fine). */
export async function markNotificationRead(
  deps: { repository: NotificationRepository },
  actor: Actor,
  input: { notificationId: string },
): Promise<void> {
  const reader = readerOf(actor);
  const notification =
    typeof input?.notificationId === "string" ? await deps.repository.findVisible(reader, input.notificationId) : null;
  if (!notification) throw new AppError("not_found", "This notification does not exist.");
  await deps.repository.markRead(reader.userId, [notification.id]);
}
