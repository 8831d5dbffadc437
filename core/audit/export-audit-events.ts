/**
 * The audit log as a file (raw CSV, CSV for spreadsheets or Excel), with the screen's filters: every matching entry, newest first, read
 * a thousand at a time as the client downloads, up to MAX_AUDIT_EXPORT_ROWS (a last line then says
 * that the file stops there). The export itself goes into the log; the file holds what was there
 * before it.
 */
import type { Actor } from "#core/access/actor.ts";
import type { ExportCell, ExportColumnKind, ExportFile, ExportFormat } from "#core/exports/export-table.ts";
import { exportLocaleOf } from "#core/exports/export-table.ts";
import { renderExport } from "#core/exports/render-export.ts";
import type { AuditLog } from "./audit-log.ts";
import { auditQueryOf, parseAuditFilter } from "./audit-query.ts";
import type { AuditPosition, AuditRepository } from "./audit-repository.ts";
import type { AuditEvent } from "./audit-schemas.ts";

export const MAX_AUDIT_EXPORT_ROWS = 50_000;
const BATCH = 1000;

export const AUDIT_CSV_COLUMNS = [
  "Time (UTC)",
  "Actor",
  "Actor type",
  "Action",
  "Target type",
  "Target",
  "Details",
  "IP address",
] as const;

export const AUDIT_EXPORT_TRUNCATED_NOTE = `This file holds the newest ${MAX_AUDIT_EXPORT_ROWS.toLocaleString("en")} matching entries only. Narrow the dates to export the older ones.`;

/** What each column holds: the time is a date and time (typed in Excel), the rest text. */
const AUDIT_COLUMN_KINDS: Record<(typeof AUDIT_CSV_COLUMNS)[number], { kind: ExportColumnKind; width: number }> = {
  "Time (UTC)": { kind: "datetime", width: 20 },
  Actor: { kind: "text", width: 28 },
  "Actor type": { kind: "text", width: 12 },
  Action: { kind: "text", width: 26 },
  "Target type": { kind: "text", width: 14 },
  Target: { kind: "text", width: 30 },
  Details: { kind: "text", width: 48 },
  "IP address": { kind: "text", width: 16 },
};

/** The audit export's options: the filters, and the file the reader wants ("csv" unless said). */
export interface AuditExportInput {
  filter?: unknown;
  ipAddress?: string | null;
  format?: ExportFormat;
  /** The reader's language, for the separators of the CSV for spreadsheets. */
  language?: string;
}

export async function exportAuditEvents(
  deps: { audit: AuditRepository; log: AuditLog; now?: () => Date },
  actor: Actor,
  input: AuditExportInput,
): Promise<ExportFile> {
  const filter = parseAuditFilter(input.filter);
  const timeZone = await deps.audit.timeZoneOf(actor.organizationId);
  const query = auditQueryOf(filter, timeZone);
  const exportedAt = deps.now?.() ?? new Date();
  // What was logged before this export; its own entry (at exportedAt) is not in the file.
  if (!query.until || query.until > exportedAt) query.until = exportedAt;
  const format = input.format ?? "csv";
  const name = `adhelm-audit-log-${exportedAt.toISOString().slice(0, 10)}`;
  const filename = `${name}.${format === "xlsx" ? "xlsx" : "csv"}`;
  await deps.log.record(actor, {
    action: "export.downloaded",
    target: { type: "export", id: filename.replace(name, "audit-log"), label: filename },
    details: { filters: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) },
    ipAddress: input.ipAddress ?? null,
    at: exportedAt,
  });
  const batches = async function* (): AsyncGenerator<ExportCell[][]> {
    let after: AuditPosition | null = null;
    let written = 0;
    while (written < MAX_AUDIT_EXPORT_ROWS) {
      const limit = Math.min(BATCH, MAX_AUDIT_EXPORT_ROWS - written);
      const rows = await deps.audit.list(actor.organizationId, query, { limit, after });
      yield rows.map(auditCsvRow);
      written += rows.length;
      const last = rows.at(-1);
      if (rows.length < limit || !last) return;
      after = last.position;
    }
    const more = await deps.audit.list(actor.organizationId, query, { limit: 1, after });
    if (more.length > 0) yield [[AUDIT_EXPORT_TRUNCATED_NOTE]];
  };
  return renderExport(
    {
      name,
      sheet: "Audit log",
      columns: AUDIT_CSV_COLUMNS.map((header) => ({ header, ...AUDIT_COLUMN_KINDS[header] })),
      frozenColumns: 1,
      rows: batches(),
    },
    { format, locale: exportLocaleOf(input.language) },
  );
}

function auditCsvRow(event: AuditEvent): ExportCell[] {
  return [
    event.at,
    event.actor.label,
    event.actor.kind,
    event.action,
    event.target?.type,
    event.target?.label ?? event.target?.id,
    event.details ? JSON.stringify(event.details) : null,
    event.ipAddress,
  ];
}
