import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CatalogLanguage } from "#core/shared/catalog-text.ts";
import { readerOf } from "./notification-reader.ts";
import type { NotificationRepository } from "./notification-repository.ts";
import { type MessageCatalogs, renderStored } from "./notification-text.ts";
import { NOTIFICATION_KINDS, type NotificationKind, type Severity } from "./notification-types.ts";

export const NOTIFICATIONS_PAGE_SIZE = 25;

/** What the centre shows of one notification, in the reader's language. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  severity: Severity;
  title: string;
  body: string;
  link: string | null;
  isRead: boolean;
  isPersonal: boolean;
  createdAt: string;
}

export const listNotificationsInputSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  state: z.enum(["read", "unread"]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type ListNotificationsInput = z.input<typeof listNotificationsInputSchema> & { language?: CatalogLanguage };

function encodeCursor(item: { createdAt: string; id: string }): string {
  return Buffer.from(`${item.createdAt}|${item.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!id || Number.isNaN(Date.parse(createdAt))) throw new AppError("bad_request", "The page cursor is not valid.");
  return { createdAt, id };
}

/** The reader's notifications, newest first, a page at a time (keyset on time and id). */
export async function listNotifications(
  deps: { repository: NotificationRepository; messageCatalogs: MessageCatalogs },
  actor: Actor,
  input: ListNotificationsInput = {},
): Promise<{ items: NotificationView[]; nextCursor: string | null }> {
  const reader = readerOf(actor);
  const parsed = listNotificationsInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Invalid filter.");
  const { kind, state, cursor } = parsed.data;
  const limit = parsed.data.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const rows = await deps.repository.list(reader, {
    kind,
    state,
    after: cursor ? decodeCursor(cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const language = input.language ?? "en";
  const items = page.map((row) => ({
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    ...renderStored(deps.messageCatalogs, row, language),
    link: row.link,
    isRead: row.isRead,
    isPersonal: row.userId !== null,
    createdAt: row.createdAt,
  }));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
