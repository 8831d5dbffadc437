import { dailyMetricsExportLoader } from "#app/lib/export-loaders.server.ts";

/**
 * GET /exports/daily-metrics.csv: one row per campaign and day of the range, for the campaigns the
 * table's filters match, streamed in batches. Only the viewer's organization; in the viewer's
 * language (header row, file name). `?format=spreadsheet`: the CSV for spreadsheets.
 */
export const loader = dailyMetricsExportLoader("csv");
