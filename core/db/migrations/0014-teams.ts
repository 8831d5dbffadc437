import { type Kysely, sql } from "kysely";

/**
 * Teams: the spec's four roles (the old "member" becomes a manager, who may still do everything a
 * member could), the organization's own settings (time zone, currency and default attribution,
 * taken from its owner's profile where the organization had none), when each member last worked
 * in each organization (the switcher lists those first), invitation links that work once, and the
 * audit log. It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await sql`UPDATE member SET role = 'manager' WHERE role = 'member'`.execute(db);
  await sql`UPDATE invitation SET role = 'manager' WHERE role = 'member' OR role IS NULL`.execute(db);

  await db.schema
    .alterTable("organization")
    .addColumn("time_zone", "varchar(64)", (column) => column.notNull().defaultTo("UTC"))
    .execute();
  await db.schema
    .alterTable("organization")
    .addColumn("currency", "varchar(3)", (column) => column.notNull().defaultTo("USD"))
    .execute();
  // platform (the platforms' reported conversion value) | store (store revenue attributed by UTM)
  await db.schema
    .alterTable("organization")
    .addColumn("default_attribution", "varchar(16)", (column) => column.notNull().defaultTo("platform"))
    .execute();
  // Until now an organization counted its days in its first owner's time zone and currency.
  for (const column of ["timezone", "currency"] as const) {
    const target = column === "timezone" ? "time_zone" : "currency";
    await sql`
      UPDATE organization SET ${sql.ref(target)} = (
        SELECT p.${sql.ref(column)} FROM member m JOIN user_profiles p ON p.id = m."userId"
        WHERE m."organizationId" = organization.id AND m.role = 'owner'
        ORDER BY m."createdAt" LIMIT 1
      )
      WHERE EXISTS (
        SELECT 1 FROM member m JOIN user_profiles p ON p.id = m."userId"
        WHERE m."organizationId" = organization.id AND m.role = 'owner' AND p.${sql.ref(column)} IS NOT NULL
      )`.execute(db);
  }

  await db.schema.alterTable("member").addColumn("last_active_at", "timestamptz").execute();

  // An invitation's link carries a secret; only its SHA-256 is kept. It works once, for 7 days.
  await db.schema.alterTable("invitation").addColumn("token_hash", "varchar(64)").execute();
  await db.schema.alterTable("invitation").addColumn("sent_at", "timestamptz").execute();
  await db.schema.alterTable("invitation").addColumn("accepted_at", "timestamptz").execute();
  await db.schema.alterTable("invitation").addColumn("accepted_by", "varchar(64)").execute();
  await db.schema
    .createIndex("invitation_token_hash_idx")
    .ifNotExists()
    .unique()
    .on("invitation")
    .column("token_hash")
    .execute();

  // Who did what in the organization: sign-ins, members and roles, connections, keys, rules,
  // budgets, billing and exports. Kept with the organization and gone with it.
  await db.schema
    .createTable("audit_events")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // user | api_key | system
    .addColumn("actor_kind", "varchar(16)", (column) => column.notNull())
    .addColumn("actor_id", "varchar(64)")
    .addColumn("actor_label", "text", (column) => column.notNull())
    // e.g. member.invited, member.role_changed, connection.created, api_key.revoked, auth.signed_in
    .addColumn("action", "varchar(64)", (column) => column.notNull())
    .addColumn("target_type", "varchar(32)")
    .addColumn("target_id", "varchar(64)")
    .addColumn("target_label", "text")
    // JSON: what changed (before/after), never a secret.
    .addColumn("details", "text")
    .addColumn("ip_address", "varchar(64)")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("audit_events_organization_created_idx")
    .ifNotExists()
    .on("audit_events")
    .columns(["organization_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_events_organization_action_idx")
    .ifNotExists()
    .on("audit_events")
    .columns(["organization_id", "action", "created_at"])
    .execute();
}
