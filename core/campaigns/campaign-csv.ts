/**
 * The campaigns exports' columns and rows (the table, and one row per campaign and day), in the
 * reader's language: the header row, the status labels, the sheet and file names come from core's
 * "csv" catalog (csv-text.ts); platform names stay names.
 *
 * The cells are typed (core/exports/export-table.ts): money as exact minor units of its currency,
 * counts and ratios as numbers, the CTR as a fraction, dates as ISO 8601. Each writer writes them
 * its way: the raw CSV machine-readable ("1234.50", "5", "2026-01-31"), the CSV for spreadsheets in
 * the reader's locale ("1234,50 €"), Excel as typed, formatted cells.
 */
import type { TFunction } from "i18next";
import type { CampaignRow, DailyMetricExportRow, DateRange } from "#core/analytics/analytics-types.ts";
import type { ExportCell, ExportColumn, ExportColumnKind } from "#core/exports/export-table.ts";
import { CAMPAIGN_STATUS_KEYS } from "./campaign-status-labels.ts";
import { platformName } from "./change-messages.ts";

type ColumnDefinition = readonly [key: string, kind: ExportColumnKind, width?: number];

/** The campaigns export's columns, as keys of the "csv" catalog. */
export const CAMPAIGN_CSV_COLUMNS: readonly ColumnDefinition[] = [
  ["columns.campaignId", "text", 14],
  ["columns.campaign", "text", 36],
  ["columns.platform", "text", 14],
  ["columns.account", "text", 24],
  ["columns.status", "text", 10],
  ["columns.currency", "text", 9],
  ["columns.dailyBudget", "money"],
  ["columns.spend", "money"],
  ["columns.impressions", "integer"],
  ["columns.clicks", "integer"],
  ["columns.ctr", "percent"],
  ["columns.cpc", "money"],
  ["columns.conversions", "decimal"],
  ["columns.cpa", "money"],
  ["columns.revenue", "money"],
  ["columns.roas", "decimal"],
  ["columns.from", "date"],
  ["columns.to", "date"],
];

/** The daily metrics export's columns, as keys of the "csv" catalog. */
export const DAILY_METRICS_CSV_COLUMNS: readonly ColumnDefinition[] = [
  ["columns.date", "date"],
  ["columns.campaignId", "text", 14],
  ["columns.campaign", "text", 36],
  ["columns.platform", "text", 14],
  ["columns.account", "text", 24],
  ["columns.currency", "text", 9],
  ["columns.spend", "money"],
  ["columns.impressions", "integer"],
  ["columns.clicks", "integer"],
  ["columns.conversions", "decimal"],
  ["columns.revenue", "money"],
];

/** The typed columns in the language of `t`. */
export function exportColumns(columns: readonly ColumnDefinition[], t: TFunction): ExportColumn[] {
  return columns.map(([key, kind, width]) => ({ header: t(key), kind, ...(width ? { width } : {}) }));
}

export function campaignCsvRow(row: CampaignRow, range: DateRange, t: TFunction): ExportCell[] {
  const { current } = row;
  const money = (minor: number | null) => (minor === null ? null : { minor, currency: row.currency });
  return [
    row.id,
    row.name,
    platformName(row.platform),
    row.adAccountName,
    t(CAMPAIGN_STATUS_KEYS[row.status]),
    row.currency,
    money(row.dailyBudgetMinor),
    money(current.spendMinor),
    current.impressions,
    current.clicks,
    current.ctr === null ? null : round(current.ctr, 6),
    money(current.cpcMinor),
    round(current.conversions, 2),
    money(current.cpaMinor),
    money(current.revenueMinor),
    current.roas === null ? null : round(current.roas, 4),
    range.from,
    range.to,
  ];
}

export function dailyMetricCsvRow(row: DailyMetricExportRow): ExportCell[] {
  return [
    row.date,
    row.campaignId,
    row.campaignName,
    platformName(row.platform),
    row.adAccountName,
    row.currency,
    { minor: row.spendMinor, currency: row.currency },
    row.impressions,
    row.clicks,
    round(row.conversions, 2),
    { minor: row.revenueMinor, currency: row.currency },
  ];
}

const NAME_KEYS = {
  campaigns: { file: "filename.campaigns", sheet: "sheet.campaigns" },
  "daily-metrics": { file: "filename.dailyMetrics", sheet: "sheet.dailyMetrics" },
} as const;

/**
 * "adhelm-campaigns-2026-03-01-to-2026-03-30", "adhelm-kampagnen-2026-03-01-bis-2026-03-30": the
 * file's name without its extension (the writer adds it), in the reader's language (it may have
 * accents: csv-response.ts sends them encoded).
 */
export function exportName(kind: keyof typeof NAME_KEYS, range: DateRange, t: TFunction): string {
  return t(NAME_KEYS[kind].file, { from: range.from, to: range.to });
}

/** The Excel sheet's name: "Campaigns", "Kampagnen". */
export function exportSheetName(kind: keyof typeof NAME_KEYS, t: TFunction): string {
  return t(NAME_KEYS[kind].sheet);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
