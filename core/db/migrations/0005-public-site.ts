import { type Kysely, sql } from "kysely";

/**
 * What the public site's forms keep: newsletter subscribers (double opt-in), job applications and
 * help-center messages. Tokens are stored only as SHA-256 hashes, never as the link itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("newsletter_subscribers")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // Stored lower-cased, so one address is one subscriber however it is typed.
    .addColumn("email", "varchar(320)", (column) => column.notNull().unique())
    // pending | confirmed | unsubscribed
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("pending"))
    // footer | blog | changelog: where the first subscription came from.
    .addColumn("source", "varchar(32)", (column) => column.notNull())
    .addColumn("confirm_token_hash", "varchar(64)", (column) => column.unique())
    .addColumn("confirm_token_expires_at", "timestamptz")
    .addColumn("unsubscribe_token_hash", "varchar(64)", (column) => column.notNull().unique())
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("unsubscribed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("job_applications")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("position_slug", "varchar(100)", (column) => column.notNull())
    .addColumn("name", "varchar(100)", (column) => column.notNull())
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("link", "varchar(2048)", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("job_applications_position_idx")
    .ifNotExists()
    .on("job_applications")
    .columns(["position_slug", "created_at"])
    .execute();

  await db.schema
    .createTable("contact_messages")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // What the sender quotes when they write again, e.g. ADH-7K3P9QXM.
    .addColumn("reference", "varchar(32)", (column) => column.notNull().unique())
    .addColumn("name", "varchar(100)", (column) => column.notNull())
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("topic", "varchar(32)", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
}
