import { type Kysely, sql } from "kysely";

/**
 * better-auth's organization plugin tables (its camelCase names): every team's rows hang off an
 * organization, and a session remembers the one its user is working in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("organization")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("name", "varchar(200)", (column) => column.notNull())
    .addColumn("slug", "varchar(255)", (column) => column.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("metadata", "text")
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("member")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organizationId", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("userId", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "varchar(32)", (column) => column.notNull().defaultTo("member"))
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint("member_organization_user_unique", ["organizationId", "userId"])
    .execute();
  await db.schema.createIndex("member_user_id_idx").ifNotExists().on("member").column("userId").execute();

  await db.schema
    .createTable("invitation")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organizationId", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("role", "varchar(32)")
    .addColumn("status", "varchar(16)", (column) => column.notNull().defaultTo("pending"))
    .addColumn("expiresAt", "timestamptz", (column) => column.notNull())
    .addColumn("inviterId", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("invitation_organization_id_idx")
    .ifNotExists()
    .on("invitation")
    .column("organizationId")
    .execute();
  await db.schema.createIndex("invitation_email_idx").ifNotExists().on("invitation").column("email").execute();

  await db.schema.alterTable("session").addColumn("activeOrganizationId", "varchar(64)").execute();
}
