import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { auditQueryOf, parseAuditFilter } from "./audit-query.ts";
import type { AuditPosition, AuditRepository } from "./audit-repository.ts";
import { AUDIT_PAGE_SIZE, type AuditActor, type AuditPage } from "./audit-schemas.ts";

export interface ListAuditEventsInput {
  /** The filters, untrusted (the query string). */
  filter?: unknown;
  /** The `nextCursor` of the page before, to read older entries. */
  cursor?: string | null;
}

/**
 * A page of the organization's audit log, newest first, with the filters applied; the actor's
 * organization only. A cursor that does not parse is a 400.
 */
export async function listAuditEvents(
  deps: { audit: AuditRepository },
  actor: Actor,
  input: ListAuditEventsInput,
): Promise<AuditPage> {
  const filter = parseAuditFilter(input.filter);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const timeZone = await deps.audit.timeZoneOf(actor.organizationId);
  const rows = await deps.audit.list(actor.organizationId, auditQueryOf(filter, timeZone), {
    limit: AUDIT_PAGE_SIZE + 1,
    after,
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map(({ position: _position, ...event }) => event),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.position) : null,
    timeZone,
  };
}

/** Who has acted in the organization's log (the person filter's choices). */
export function listAuditActors(deps: { audit: AuditRepository }, actor: Actor): Promise<AuditActor[]> {
  return deps.audit.listActors(actor.organizationId);
}

function encodeCursor(position: AuditPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): AuditPosition {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)))
    throw new AppError("bad_request", "This page of the audit log does not exist. Start again from the first page.");
  return { createdAt: new Date(createdAt).toISOString(), id };
}
