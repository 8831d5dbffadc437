/**
 * The two exports of the campaigns screens: the table as on screen (its filters, sort and range,
 * every page) and one row per campaign and day. Streamed a batch at a time, only as fast as the
 * client reads; the rows come from the analytics' use cases, as the actor may see them. Written in
 * the reader's language (`language`: en, es, fr or de; English when missing or unknown) as a raw
 * CSV, a CSV for spreadsheets in the reader's locale, or an Excel file (`format`, raw CSV unless
 * said).
 */
import type { Actor } from "#core/access/actor.ts";
import type {
  CampaignFilters,
  CampaignTablePage,
  CampaignTableRequest,
  DailyMetricExportRow,
  DateRange,
} from "#core/analytics/analytics-types.ts";
import { MAX_CAMPAIGN_PAGE_SIZE } from "#core/analytics/get-campaign-table.ts";
import { type ExportFile, type ExportFormat, exportLocaleOf } from "#core/exports/export-table.ts";
import { renderExport } from "#core/exports/render-export.ts";
import {
  CAMPAIGN_CSV_COLUMNS,
  campaignCsvRow,
  DAILY_METRICS_CSV_COLUMNS,
  dailyMetricCsvRow,
  exportColumns,
  exportName,
  exportSheetName,
} from "./campaign-csv.ts";
import { csvLanguageOf, csvText } from "./csv-text.ts";

/** The analytics' use cases the exports read through. */
export interface ExportSources {
  getCampaignTable(actor: Actor, request: CampaignTableRequest): Promise<CampaignTablePage>;
  listDailyMetricRows(
    actor: Actor,
    input: { range: DateRange; filters: CampaignFilters },
  ): Promise<AsyncIterable<DailyMetricExportRow[]>>;
}

/**
 * How the reader wants the file: its words in "en", "es", "fr" or "de" (English otherwise), and
 * "csv" (raw, the default), "csv-spreadsheet" or "xlsx".
 */
export interface CsvLanguageInput {
  language?: string;
  format?: ExportFormat;
}

export function exportCampaignsCsv(
  sources: ExportSources,
  actor: Actor,
  input: Pick<CampaignTableRequest, "range" | "filters" | "sort"> & CsvLanguageInput,
): Promise<ExportFile> {
  const { language, format = "csv", ...request } = input;
  const t = csvText(csvLanguageOf(language));
  const range = { from: request.range.from, to: request.range.to };
  const rows = async function* () {
    for (let page = 1; ; page++) {
      const table = await sources.getCampaignTable(actor, {
        ...request,
        range,
        page,
        pageSize: MAX_CAMPAIGN_PAGE_SIZE,
        withTotals: false,
      });
      yield table.rows.map((row) => campaignCsvRow(row, range, t));
      if (table.rows.length < MAX_CAMPAIGN_PAGE_SIZE || page * MAX_CAMPAIGN_PAGE_SIZE >= table.total) return;
    }
  };
  return renderExport(
    {
      name: exportName("campaigns", range, t),
      sheet: exportSheetName("campaigns", t),
      columns: exportColumns(CAMPAIGN_CSV_COLUMNS, t),
      // The campaign's name stays in view beside its numbers.
      frozenColumns: 2,
      rows: rows(),
    },
    { format, locale: exportLocaleOf(language) },
  );
}

export async function exportDailyMetricsCsv(
  sources: ExportSources,
  actor: Actor,
  input: { range: DateRange; filters: CampaignFilters } & CsvLanguageInput,
): Promise<ExportFile> {
  const t = csvText(csvLanguageOf(input.language));
  const range = { from: input.range.from, to: input.range.to };
  const batches = await sources.listDailyMetricRows(actor, { range, filters: input.filters });
  const rows = async function* () {
    for await (const batch of batches) yield batch.map(dailyMetricCsvRow);
  };
  return renderExport(
    {
      name: exportName("daily-metrics", range, t),
      sheet: exportSheetName("daily-metrics", t),
      columns: exportColumns(DAILY_METRICS_CSV_COLUMNS, t),
      frozenColumns: 1,
      rows: rows(),
    },
    { format: input.format ?? "csv", locale: exportLocaleOf(input.language) },
  );
}
