import type { Kysely } from "kysely";

/**
 * API key expiry reminders (issue 23 §4): keys now expire by default (90 days), and their creator
 * is mailed 7 days before. `expiry_reminder_sent_at` records that the reminder went out, so the
 * daily job mails each key once, whichever node runs it. Keys made before this release keep their
 * expiry (most never expire) and get the reminder too when they have one.
 *
 * It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_keys").addColumn("expiry_reminder_sent_at", "timestamptz").execute();
  // The daily job looks for keys that expire soon and were not reminded yet.
  await db.schema.createIndex("api_keys_expires_at_idx").ifNotExists().on("api_keys").column("expires_at").execute();
}
