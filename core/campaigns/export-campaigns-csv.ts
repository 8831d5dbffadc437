/**
 * The two CSV exports of the campaigns screens: the table as on screen (its filters, sort and range,
 * every page) and one row per campaign and day. Streamed a batch at a time, only as fast as the
 * client reads; the rows come from the analytics' use cases, as the actor may see them. Written in
 * the reader's language (`language`: en, es, fr or de; English when missing or unknown).
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
import {
  CAMPAIGN_CSV_COLUMNS,
  campaignCsvRow,
  csvHeader,
  DAILY_METRICS_CSV_COLUMNS,
  dailyMetricCsvRow,
  exportFilename,
} from "./campaign-csv.ts";
import { csvLanguageOf, csvText } from "./csv-text.ts";
import { csvStream } from "./csv-writer.ts";

/** A CSV file: its name and its bytes, still to be read. */
export interface CsvExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** The analytics' use cases the exports read through. */
export interface ExportSources {
  getCampaignTable(actor: Actor, request: CampaignTableRequest): Promise<CampaignTablePage>;
  listDailyMetricRows(
    actor: Actor,
    input: { range: DateRange; filters: CampaignFilters },
  ): Promise<AsyncIterable<DailyMetricExportRow[]>>;
}

/** What the reader wants in the file's words: "en", "es", "fr" or "de" (English otherwise). */
export interface CsvLanguageInput {
  language?: string;
}

export function exportCampaignsCsv(
  sources: ExportSources,
  actor: Actor,
  input: Pick<CampaignTableRequest, "range" | "filters" | "sort"> & CsvLanguageInput,
): CsvExport {
  const { language, ...request } = input;
  const t = csvText(csvLanguageOf(language));
  const range = { from: request.range.from, to: request.range.to };
  const batches = async function* () {
    for (let page = 1; ; page++) {
      const table = await sources.getCampaignTable(actor, {
        ...request,
        range,
        page,
        pageSize: MAX_CAMPAIGN_PAGE_SIZE,
      });
      yield table.rows.map((row) => campaignCsvRow(row, range, t));
      if (table.rows.length < MAX_CAMPAIGN_PAGE_SIZE || page * MAX_CAMPAIGN_PAGE_SIZE >= table.total) return;
    }
  };
  return {
    filename: exportFilename("campaigns", range, t),
    body: csvStream(csvHeader(CAMPAIGN_CSV_COLUMNS, t), batches()),
  };
}

export async function exportDailyMetricsCsv(
  sources: ExportSources,
  actor: Actor,
  input: { range: DateRange; filters: CampaignFilters } & CsvLanguageInput,
): Promise<CsvExport> {
  const t = csvText(csvLanguageOf(input.language));
  const range = { from: input.range.from, to: input.range.to };
  const rows = await sources.listDailyMetricRows(actor, { range, filters: input.filters });
  const batches = async function* () {
    for await (const batch of rows) yield batch.map(dailyMetricCsvRow);
  };
  return {
    filename: exportFilename("daily-metrics", range, t),
    body: csvStream(csvHeader(DAILY_METRICS_CSV_COLUMNS, t), batches()),
  };
}
