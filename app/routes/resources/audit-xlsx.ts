import { auditExportLoader } from "#app/lib/export-loaders.server.ts";

/** GET /exports/audit-log.xlsx: the audit log as an Excel workbook. Admins and the owner only. */
export const loader = auditExportLoader("xlsx");
