import { type Kysely, sql } from "kysely";

/**
 * Identity tables in the shape better-auth reads (its camelCase column names), plus our own
 * profile and preference rows, one per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("user")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "varchar(320)", (column) => column.notNull().unique())
    .addColumn("emailVerified", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updatedAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("session")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("userId", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("token", "varchar(255)", (column) => column.notNull().unique())
    .addColumn("expiresAt", "timestamptz", (column) => column.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updatedAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("session_user_id_idx").ifNotExists().on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("userId", "varchar(64)", (column) => column.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accountId", "text", (column) => column.notNull())
    .addColumn("providerId", "varchar(64)", (column) => column.notNull())
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", "timestamptz")
    .addColumn("refreshTokenExpiresAt", "timestamptz")
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updatedAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("account_user_id_idx").ifNotExists().on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("identifier", "varchar(255)", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("expiresAt", "timestamptz", (column) => column.notNull())
    .addColumn("createdAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updatedAt", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .ifNotExists()
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("user_profiles")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("email", "varchar(320)", (column) => column.notNull())
    .addColumn("first_name", "varchar(100)", (column) => column.notNull().defaultTo(""))
    .addColumn("last_name", "varchar(100)", (column) => column.notNull().defaultTo(""))
    .addColumn("company_name", "varchar(200)")
    .addColumn("company_size", "varchar(20)")
    .addColumn("role", "varchar(20)", (column) => column.notNull().defaultTo("admin"))
    .addColumn("timezone", "varchar(64)", (column) => column.notNull().defaultTo("UTC"))
    .addColumn("currency", "varchar(3)", (column) => column.notNull().defaultTo("USD"))
    .addColumn("avatar_url", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  // One JSON document per user: the preference set grows without a migration per toggle.
  await db.schema
    .createTable("user_preferences")
    .ifNotExists()
    .addColumn("user_id", "varchar(64)", (column) => column.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("preferences", "text", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
}
