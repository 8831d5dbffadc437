/**
 * The reads behind a data export: an organization's tables page by page, and a person's own rows
 * wherever they are kept. Secrets never leave here (export-tables.ts drops them by column name).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { type ExportedTable, exportRow } from "./export-tables.ts";

export type ExportRows = Record<string, unknown>[];

const PAGE = 2_000;

export interface ExportDataRepository {
  /** The organization's rows of one table, in pages of at most 2,000. */
  organizationRows(organizationId: string, table: ExportedTable): AsyncIterable<ExportRows>;
  organizationRecord(organizationId: string): Promise<Record<string, unknown> | null>;
  organizationMembers(organizationId: string): Promise<ExportRows>;
  organizationInvitations(organizationId: string): Promise<ExportRows>;
  /** Everything kept about one person, file by file. */
  personalData(userId: string): Promise<Record<string, ExportRows>>;
}

export function createExportDataRepository(db: Kysely<Database>): ExportDataRepository {
  // The tables are named by the export's own list, never by input.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rowsOf = async (query: Promise<Record<string, unknown>[]>) => (await query).map(exportRow);
  return {
    async *organizationRows(organizationId, table) {
      const orderBy = table.orderBy ?? ["id"];
      for (let offset = 0; ; offset += PAGE) {
        let query = loose.selectFrom(table.table).selectAll().where("organization_id", "=", organizationId);
        for (const column of orderBy) query = query.orderBy(column);
        const rows = await query.limit(PAGE).offset(offset).execute();
        if (rows.length > 0) yield rows.map(exportRow);
        if (rows.length < PAGE) return;
      }
    },
    async organizationRecord(organizationId) {
      const row = await db
        .selectFrom("organization")
        .select(["id", "name", "slug", "createdAt", "plan_id", "time_zone", "currency", "default_attribution"])
        .where("id", "=", organizationId)
        .executeTakeFirst();
      return row ? exportRow(row) : null;
    },
    organizationMembers(organizationId) {
      return rowsOf(
        db
          .selectFrom("member")
          .innerJoin("user", "user.id", "member.userId")
          .select(["user.name", "user.email", "member.role", "member.createdAt as joined_at"])
          .where("member.organizationId", "=", organizationId)
          .orderBy("member.createdAt")
          .execute(),
      );
    },
    organizationInvitations(organizationId) {
      return rowsOf(
        db
          .selectFrom("invitation")
          .select(["email", "role", "status", "createdAt", "expiresAt", "accepted_at"])
          .where("organizationId", "=", organizationId)
          .orderBy("createdAt")
          .execute(),
      );
    },
    async personalData(userId) {
      const user = await db
        .selectFrom("user")
        .select(["id", "name", "email", "emailVerified", "createdAt", "updatedAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
      const email = user?.email ?? "";
      return {
        "account.json": user ? [exportRow(user)] : [],
        "profile.json": await rowsOf(db.selectFrom("user_profiles").selectAll().where("id", "=", userId).execute()),
        "preferences.json": await rowsOf(
          db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).execute(),
        ),
        "sign-in-methods.json": await rowsOf(
          db
            .selectFrom("account")
            .select(["providerId", "accountId", "scope", "createdAt", "updatedAt"])
            .where("userId", "=", userId)
            .execute(),
        ),
        "sessions.csv": await rowsOf(
          db
            .selectFrom("session")
            .select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
            .where("userId", "=", userId)
            .orderBy("createdAt")
            .execute(),
        ),
        "organizations.json": await rowsOf(
          db
            .selectFrom("member")
            .innerJoin("organization", "organization.id", "member.organizationId")
            .select(["organization.id", "organization.name", "member.role", "member.createdAt as joined_at"])
            .where("member.userId", "=", userId)
            .orderBy("member.createdAt")
            .execute(),
        ),
        "notifications.csv": await rowsOf(
          db.selectFrom("notifications").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
        ),
        "push-subscriptions.json": await rowsOf(
          db
            .selectFrom("push_subscriptions")
            .select(["user_agent", "created_at", "last_used_at"])
            .where("user_id", "=", userId)
            .execute(),
        ),
        "api-keys-created.json": await rowsOf(
          db
            .selectFrom("api_keys")
            .select([
              "organization_id",
              "name",
              "prefix",
              "scope",
              "created_at",
              "expires_at",
              "revoked_at",
              "last_used_at",
            ])
            .where("created_by", "=", userId)
            .execute(),
        ),
        "changes-made.csv": await rowsOf(
          db
            .selectFrom("change_log")
            .selectAll()
            .where("actor_type", "=", "user")
            .where("actor_id", "=", userId)
            .orderBy("created_at")
            .execute(),
        ),
        "audit-log-entries.csv": await rowsOf(
          db
            .selectFrom("audit_events")
            .selectAll()
            .where("actor_kind", "=", "user")
            .where("actor_id", "=", userId)
            .orderBy("created_at")
            .execute(),
        ),
        "newsletter.json": await rowsOf(
          db
            .selectFrom("newsletter_subscribers")
            .selectAll()
            .where(sql`lower(email)`, "=", email.toLowerCase())
            .execute(),
        ),
        "contact-messages.json": await rowsOf(
          db.selectFrom("contact_messages").selectAll().where(sql`lower(email)`, "=", email.toLowerCase()).execute(),
        ),
        "job-applications.json": await rowsOf(
          db.selectFrom("job_applications").selectAll().where(sql`lower(email)`, "=", email.toLowerCase()).execute(),
        ),
      };
    },
  };
}
