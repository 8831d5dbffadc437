import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { type AuditLog, createAuditLog } from "./audit-log.ts";
import { createAuditRepository } from "./audit-repository.ts";
import { type AuditExportInput, exportAuditEvents } from "./export-audit-events.ts";
import { type ListAuditEventsInput, listAuditActors, listAuditEvents } from "./list-audit-events.ts";

export interface AuditModuleDependencies {
  db: Kysely<Database>;
  /** Where the export records itself (the same log by default). */
  log?: AuditLog;
  now?: () => Date;
}

/** The audit log's readers (Settings → Audit log and its CSV): admins and the owner. */
export function createAuditModule({ db, log, now }: AuditModuleDependencies) {
  const deps = { audit: createAuditRepository(db), log: log ?? createAuditLog(db), now };
  return {
    /** A page of the log, newest first, filtered. */
    listAuditEvents: useCase("audit.read", (actor, input: ListAuditEventsInput) => listAuditEvents(deps, actor, input)),
    /** Everyone who appears in the log, for the person filter. */
    listAuditActors: useCase("audit.read", (actor) => listAuditActors(deps, actor)),
    /** The filtered log as CSV, CSV for spreadsheets or Excel; recorded as export.downloaded. */
    exportAuditEvents: useCase("audit.read", (actor, input: AuditExportInput) => exportAuditEvents(deps, actor, input)),
  };
}

export type AuditModule = ReturnType<typeof createAuditModule>;
