/**
 * The organization's audit log: who did what, and when. Use cases record an entry after the change
 * they make has been committed; the entry names the actor (a person, an API key or Adhelm itself),
 * the action, what it acted on, and what changed (never a secret). /settings/audit reads it.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import type { AuditAction } from "./audit-actions.ts";
import { requestAddress } from "./request-address.ts";

export interface AuditEntry {
  action: AuditAction;
  /** What the action was about: a member, a connection, a key, a rule… */
  target?: { type: string; id: string; label: string } | null;
  /** What changed, as the log shows it (e.g. { from: "analyst", to: "manager" }). Never a secret. */
  details?: Record<string, unknown> | null;
  /** The client address; by default the address of the request being served (none in a job). */
  ipAddress?: string | null;
  /** Defaults to now. */
  at?: Date;
}

export interface AuditLog {
  /** Appends one entry to the actor's organization's log. */
  record(actor: Actor, entry: AuditEntry): Promise<void>;
}

/** Counts the entries this process writes, so entries of one millisecond keep their order. */
let sequence = 0;

/**
 * An id that sorts like the entries were written: the instant, then this process's count (the log
 * reads newest first by instant and id, and one use case may write two entries in a millisecond),
 * then a random part that keeps ids unique across processes. 52 characters.
 */
function entryId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 6;
  return `${at.getTime().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(6, "0")}-${randomUUID()}`;
}

export function createAuditLog(db: Kysely<Database>): AuditLog {
  return {
    async record(actor, entry) {
      const at = entry.at ?? new Date();
      await db
        .insertInto("audit_events")
        .values({
          id: entryId(at),
          organization_id: actor.organizationId,
          actor_kind: actor.kind,
          actor_id: actor.id,
          actor_label: actor.label,
          action: entry.action,
          target_type: entry.target?.type ?? null,
          target_id: entry.target?.id ?? null,
          target_label: entry.target?.label ?? null,
          details: entry.details ? JSON.stringify(entry.details) : null,
          ip_address: entry.ipAddress ?? requestAddress(),
          created_at: at.toISOString(),
        })
        .execute();
    },
  };
}
