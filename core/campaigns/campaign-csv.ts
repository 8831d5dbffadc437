/**
 * The two CSV exports' columns and rows, in the reader's language: the header row, the status
 * labels and the file name come from core's "csv" catalog (csv-text.ts); platform names stay names.
 *
 * The cells stay machine-readable in every language, as a spreadsheet or a script parses them:
 * money is written as decimal major units with a dot ("1234.50") beside its currency (a
 * spreadsheet sums them per currency), ratios as plain numbers, dates as ISO 8601 ("2026-01-31").
 * A German "1.234,50" or "31.01.2026" would be text, or a different number, to most tools, and a
 * decimal comma would clash with the comma between fields.
 */
import type { TFunction } from "i18next";
import type { CampaignRow, DailyMetricExportRow, DateRange } from "#core/analytics/analytics-types.ts";
import { CAMPAIGN_STATUS_KEYS } from "./campaign-status-labels.ts";
import { platformName } from "./change-messages.ts";
import { type CsvValue, decimalFromMinor } from "./csv-writer.ts";

/** The campaigns export's header row, as keys of the "csv" catalog. */
export const CAMPAIGN_CSV_COLUMNS = [
  "columns.campaignId",
  "columns.campaign",
  "columns.platform",
  "columns.account",
  "columns.status",
  "columns.currency",
  "columns.dailyBudget",
  "columns.spend",
  "columns.impressions",
  "columns.clicks",
  "columns.ctr",
  "columns.cpc",
  "columns.conversions",
  "columns.cpa",
  "columns.revenue",
  "columns.roas",
  "columns.from",
  "columns.to",
] as const;

/** A header row in the language of `t`. */
export function csvHeader(columns: readonly string[], t: TFunction): string[] {
  return columns.map((key) => t(key));
}

export function campaignCsvRow(row: CampaignRow, range: DateRange, t: TFunction): CsvValue[] {
  const { current } = row;
  return [
    row.id,
    row.name,
    platformName(row.platform),
    row.adAccountName,
    t(CAMPAIGN_STATUS_KEYS[row.status]),
    row.currency,
    decimalFromMinor(row.dailyBudgetMinor, row.currency),
    decimalFromMinor(current.spendMinor, row.currency),
    current.impressions,
    current.clicks,
    ratio(current.ctr === null ? null : current.ctr * 100),
    decimalFromMinor(current.cpcMinor, row.currency),
    round(current.conversions, 2),
    decimalFromMinor(current.cpaMinor, row.currency),
    decimalFromMinor(current.revenueMinor, row.currency),
    ratio(current.roas),
    range.from,
    range.to,
  ];
}

/** The daily metrics export's header row, as keys of the "csv" catalog. */
export const DAILY_METRICS_CSV_COLUMNS = [
  "columns.date",
  "columns.campaignId",
  "columns.campaign",
  "columns.platform",
  "columns.account",
  "columns.currency",
  "columns.spend",
  "columns.impressions",
  "columns.clicks",
  "columns.conversions",
  "columns.revenue",
] as const;

export function dailyMetricCsvRow(row: DailyMetricExportRow): CsvValue[] {
  return [
    row.date,
    row.campaignId,
    row.campaignName,
    platformName(row.platform),
    row.adAccountName,
    row.currency,
    decimalFromMinor(row.spendMinor, row.currency),
    row.impressions,
    row.clicks,
    round(row.conversions, 2),
    decimalFromMinor(row.revenueMinor, row.currency),
  ];
}

const FILENAME_KEYS = {
  campaigns: "filename.campaigns",
  "daily-metrics": "filename.dailyMetrics",
} as const;

/**
 * "adhelm-campaigns-2026-03-01-to-2026-03-30.csv", "adhelm-kampagnen-2026-03-01-bis-2026-03-30.csv":
 * its words in the reader's language (they may have accents: csv-response.ts sends them encoded).
 */
export function exportFilename(kind: keyof typeof FILENAME_KEYS, range: DateRange, t: TFunction): string {
  return t(FILENAME_KEYS[kind], { from: range.from, to: range.to });
}

function ratio(value: number | null): number | null {
  return value === null ? null : round(value, 4);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
