import { auditExportLoader } from "#app/lib/export-loaders.server.ts";

/**
 * GET /exports/audit-log.csv: the audit log with the page's filters (the same query string), every
 * matching entry streamed. Admins and the owner only (403 otherwise); the export is recorded.
 * `?format=spreadsheet`: the CSV for spreadsheets.
 */
export const loader = auditExportLoader("csv");
