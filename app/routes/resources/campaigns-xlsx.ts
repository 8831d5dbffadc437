import { campaignsExportLoader } from "#app/lib/export-loaders.server.ts";

/**
 * GET /exports/campaigns.xlsx: the campaigns table as on screen (the same query string as the
 * CSV's), as an Excel workbook with typed, formatted cells, streamed a page at a time. Needs
 * campaigns.export, as the CSV does.
 */
export const loader = campaignsExportLoader("xlsx");
