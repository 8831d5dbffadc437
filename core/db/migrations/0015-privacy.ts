import { type Kysely, sql } from "kysely";

/**
 * Privacy rights: data exports (a person's own data, or an organization's, built in the background
 * as a ZIP that can be downloaded for 7 days) and deletion requests (an account or an organization,
 * removed for good after a 30-day grace period that the requester can cancel). It carries its own
 * SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("data_exports")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // personal (the requester's own data) | organization (everything the organization holds)
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("user_id", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("organization_id", "varchar(64)", (column) => column.references("organization.id").onDelete("cascade"))
    // queued | running | ready | failed
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("queued"))
    .addColumn("progress", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("file_key", "text")
    .addColumn("size_bytes", "bigint")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("finished_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("data_exports_user_created_idx")
    .ifNotExists()
    .on("data_exports")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("deletion_requests")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    // account | organization
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    // The account to delete, or the person who asked for the organization's deletion. Not a foreign
    // key: the request outlives the rows it deletes, as the record that they were deleted.
    .addColumn("user_id", "varchar(64)", (column) => column.notNull())
    .addColumn("organization_id", "varchar(64)")
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("subject_name", "text", (column) => column.notNull())
    .addColumn("language", "varchar(8)", (column) => column.notNull().defaultTo("en"))
    // pending | cancelled | completed
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("pending"))
    .addColumn("requested_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("purge_after", "timestamptz", (column) => column.notNull())
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("deletion_requests_status_purge_idx")
    .ifNotExists()
    .on("deletion_requests")
    .columns(["status", "purge_after"])
    .execute();
  await db.schema
    .createIndex("deletion_requests_user_idx")
    .ifNotExists()
    .on("deletion_requests")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("deletion_requests_organization_idx")
    .ifNotExists()
    .on("deletion_requests")
    .column("organization_id")
    .execute();
}
