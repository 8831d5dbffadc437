import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

export interface NewContactMessage {
  id: string;
  reference: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: Date;
}

export interface ContactMessageRepository {
  /** False when the reference is already taken (the caller draws another). */
  create(message: NewContactMessage): Promise<boolean>;
}

export function createContactMessageRepository(db: Kysely<Database>): ContactMessageRepository {
  return {
    async create({ id, reference, name, email, topic, message, createdAt }) {
      const result = await db
        .insertInto("contact_messages")
        .values({ id, reference, name, email, topic, message, created_at: createdAt })
        .onConflict((conflict) => conflict.column("reference").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
