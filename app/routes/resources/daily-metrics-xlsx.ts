import { dailyMetricsExportLoader } from "#app/lib/export-loaders.server.ts";

/** GET /exports/daily-metrics.xlsx: the daily metrics export as an Excel workbook, streamed. */
export const loader = dailyMetricsExportLoader("xlsx");
