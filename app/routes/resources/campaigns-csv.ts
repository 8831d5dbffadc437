import { campaignsExportLoader } from "#app/lib/export-loaders.server.ts";

/**
 * GET /exports/campaigns.csv: the campaigns table as on screen (the same query string: filters,
 * sort and date range), every page, streamed a page at a time. Only the viewer's organization; in
 * the viewer's language (header row, status labels, file name). `?format=spreadsheet`: the CSV for
 * spreadsheets, in the viewer's locale (decimal separator, currency signs, `;` where needed).
 */
export const loader = campaignsExportLoader("csv");
