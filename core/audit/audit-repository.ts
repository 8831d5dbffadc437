/**
 * Reading the audit log (the only SQL of the slice besides the append in audit-log.ts): the
 * organization's entries with filters, newest first, a page at a time by keyset (the instant and
 * the id of the last entry read), and who has acted so far (the screen's person filter).
 */
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { AuditAction } from "./audit-actions.ts";
import { AUDIT_AREAS, type AuditActor, type AuditEvent } from "./audit-schemas.ts";

/** The filters as instants: `since` included, `until` excluded. */
export interface AuditQuery {
  action?: string;
  actor?: string;
  since?: Date;
  until?: Date;
  q?: string;
}

/** Where a page starts: after this entry (older ones follow). */
export interface AuditPosition {
  createdAt: string;
  id: string;
}

type AuditRow = Selectable<Database["audit_events"]>;

export function createAuditRepository(db: Kysely<Database>) {
  function filtered(organizationId: string, query: AuditQuery) {
    let select = db.selectFrom("audit_events").where("organization_id", "=", organizationId);
    if (query.action)
      select = AUDIT_AREAS.includes(query.action)
        ? select.where(sql<boolean>`action like ${`${likeEscaped(query.action)}.%`} escape '\\'`)
        : select.where("action", "=", query.action);
    if (query.actor === "system") select = select.where("actor_kind", "=", "system");
    else if (query.actor) {
      const [kind, ...rest] = query.actor.split(":");
      select = select.where("actor_kind", "=", kind ?? "").where("actor_id", "=", rest.join(":"));
    }
    if (query.since) select = select.where("created_at", ">=", query.since.toISOString());
    if (query.until) select = select.where("created_at", "<", query.until.toISOString());
    if (query.q) select = matching(select, query.q);
    return select;
  }

  return {
    /** Up to `limit` entries after `after`, newest first. */
    async list(
      organizationId: string,
      query: AuditQuery,
      page: { limit: number; after?: AuditPosition | null },
    ): Promise<Array<AuditEvent & { position: AuditPosition }>> {
      let select = filtered(organizationId, query).selectAll();
      const after = page.after;
      if (after)
        select = select.where((eb) =>
          eb.or([
            eb("created_at", "<", after.createdAt),
            eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
          ]),
        );
      const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
      return rows.map((row) => ({ ...toEvent(row), position: { createdAt: isoOf(row.created_at), id: row.id } }));
    },

    /** Everyone who has an entry in the log: people and keys by name, Adhelm once. */
    async listActors(organizationId: string): Promise<AuditActor[]> {
      const rows = await db
        .selectFrom("audit_events")
        .select(["actor_kind", "actor_id"])
        .select((eb) => eb.fn.max("actor_label").as("label"))
        .where("organization_id", "=", organizationId)
        .groupBy(["actor_kind", "actor_id"])
        .execute();
      return rows
        .map((row) => ({ kind: actorKindOf(row.actor_kind), id: row.actor_id, label: String(row.label ?? "") }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },

    /** The organization's time zone (UTC when it has none this runtime knows). */
    async timeZoneOf(organizationId: string): Promise<string> {
      const row = await db
        .selectFrom("organization")
        .select("time_zone")
        .where("id", "=", organizationId)
        .executeTakeFirst();
      const zone = row?.time_zone;
      if (!zone) return "UTC";
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return zone;
      } catch {
        return "UTC";
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Free text over the target's and the actor's names, case-insensitive on both databases. */
function matching<Q extends SelectQueryBuilder<Database, "audit_events", object>>(select: Q, text: string): Q {
  const pattern = `%${likeEscaped(text.toLowerCase())}%`;
  return select.where(
    sql<boolean>`(lower(coalesce(target_label, '')) like ${pattern} escape '\\' or lower(actor_label) like ${pattern} escape '\\')`,
  ) as Q;
}

/** `text` matched literally by LIKE … ESCAPE '\\' (its %, _ and \\ are not wildcards). */
function likeEscaped(text: string): string {
  return text.replaceAll(/[\\%_]/g, (c) => `\\${c}`);
}

function actorKindOf(kind: string): AuditActor["kind"] {
  return kind === "user" || kind === "api_key" ? kind : "system";
}

/** SQLite gives back the ISO text we wrote; PostgreSQL a Date. */
function isoOf(value: Date | string): string {
  return typeof value === "string" ? new Date(value).toISOString() : value.toISOString();
}

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: isoOf(row.created_at),
    actor: { kind: actorKindOf(row.actor_kind), id: row.actor_id, label: row.actor_label },
    action: row.action as AuditAction,
    target: row.target_type ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    details: parseDetails(row.details),
    ipAddress: row.ip_address,
  };
}

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
