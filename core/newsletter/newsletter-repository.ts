import type { Kysely, Selectable } from "kysely";
import type { Database, NewsletterSubscriberTable } from "#core/db/schema.ts";
import type { NewsletterStatus } from "#core/shared/domain-enums.ts";

export interface NewsletterSubscriber {
  id: string;
  email: string;
  status: NewsletterStatus;
  source: string;
  confirmTokenExpiresAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** Fresh link hashes for a (re)started confirmation; the plain tokens only go into the mail. */
export interface SubscriberTokens {
  confirmTokenHash: string;
  confirmTokenExpiresAt: Date;
  unsubscribeTokenHash: string;
}

export interface NewsletterRepository {
  findByEmail(email: string): Promise<NewsletterSubscriber | null>;
  findByConfirmTokenHash(hash: string): Promise<NewsletterSubscriber | null>;
  findByUnsubscribeTokenHash(hash: string): Promise<NewsletterSubscriber | null>;
  /** Adds a pending subscriber; false when the address already exists (a concurrent subscribe). */
  createPending(input: { id: string; email: string; source: string; now: Date } & SubscriberTokens): Promise<boolean>;
  /** Back to pending with new links, for a pending or unsubscribed address that subscribes again. */
  restartConfirmation(id: string, tokens: SubscriberTokens, now: Date): Promise<void>;
  /** Pending → confirmed; false when it was not pending (already confirmed, or unsubscribed meanwhile). */
  markConfirmed(id: string, now: Date): Promise<boolean>;
  /** Unsubscribed, and the confirmation link stops working. */
  markUnsubscribed(id: string, now: Date): Promise<void>;
  /** Confirmed again (from unsubscribed or pending); a confirmed subscriber stays as is. */
  markResubscribed(id: string, now: Date): Promise<void>;
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

function toSubscriber(row: Selectable<NewsletterSubscriberTable>): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    source: row.source,
    confirmTokenExpiresAt: toDate(row.confirm_token_expires_at),
    confirmedAt: toDate(row.confirmed_at),
    unsubscribedAt: toDate(row.unsubscribed_at),
  };
}

export function createNewsletterRepository(db: Kysely<Database>): NewsletterRepository {
  const findBy = async (column: "email" | "confirm_token_hash" | "unsubscribe_token_hash", value: string) => {
    const row = await db.selectFrom("newsletter_subscribers").selectAll().where(column, "=", value).executeTakeFirst();
    return row ? toSubscriber(row) : null;
  };
  const update = (id: string) => db.updateTable("newsletter_subscribers").where("id", "=", id);

  return {
    findByEmail: (email) => findBy("email", email),
    findByConfirmTokenHash: (hash) => findBy("confirm_token_hash", hash),
    findByUnsubscribeTokenHash: (hash) => findBy("unsubscribe_token_hash", hash),
    async createPending({ id, email, source, now, confirmTokenHash, confirmTokenExpiresAt, unsubscribeTokenHash }) {
      const result = await db
        .insertInto("newsletter_subscribers")
        .values({
          id,
          email,
          status: "pending",
          source,
          confirm_token_hash: confirmTokenHash,
          confirm_token_expires_at: confirmTokenExpiresAt,
          unsubscribe_token_hash: unsubscribeTokenHash,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async restartConfirmation(id, tokens, now) {
      await update(id)
        .set({
          status: "pending",
          confirm_token_hash: tokens.confirmTokenHash,
          confirm_token_expires_at: tokens.confirmTokenExpiresAt,
          unsubscribe_token_hash: tokens.unsubscribeTokenHash,
          confirmed_at: null,
          unsubscribed_at: null,
          updated_at: now,
        })
        .execute();
    },
    async markConfirmed(id, now) {
      const result = await update(id)
        .where("status", "=", "pending")
        .set({ status: "confirmed", confirmed_at: now, updated_at: now })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async markUnsubscribed(id, now) {
      await update(id)
        .where("status", "!=", "unsubscribed")
        .set({
          status: "unsubscribed",
          unsubscribed_at: now,
          confirm_token_hash: null,
          confirm_token_expires_at: null,
          updated_at: now,
        })
        .execute();
    },
    async markResubscribed(id, now) {
      await update(id)
        .where("status", "!=", "confirmed")
        .set({ status: "confirmed", confirmed_at: now, unsubscribed_at: null, updated_at: now })
        .execute();
    },
  };
}
