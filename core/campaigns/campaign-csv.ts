/**
 * The two CSV exports' columns and rows. Money is written as decimal major units beside its
 * currency (a spreadsheet sums them per currency); ratios as plain numbers.
 */
import type { CampaignRow, DailyMetricExportRow, DateRange } from "#core/analytics/analytics-types.ts";
import { CAMPAIGN_STATUS_LABELS } from "./campaign-status-labels.ts";
import { platformName } from "./change-messages.ts";
import { type CsvValue, decimalFromMinor } from "./csv-writer.ts";

export const CAMPAIGN_CSV_HEADER = [
  "Campaign ID",
  "Campaign",
  "Platform",
  "Account",
  "Status",
  "Currency",
  "Daily budget",
  "Spend",
  "Impressions",
  "Clicks",
  "CTR (%)",
  "CPC",
  "Conversions",
  "CPA",
  "Revenue",
  "ROAS",
  "From",
  "To",
] as const;

export function campaignCsvRow(row: CampaignRow, range: DateRange): CsvValue[] {
  const { current } = row;
  return [
    row.id,
    row.name,
    platformName(row.platform),
    row.adAccountName,
    CAMPAIGN_STATUS_LABELS[row.status],
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

export const DAILY_METRICS_CSV_HEADER = [
  "Date",
  "Campaign ID",
  "Campaign",
  "Platform",
  "Account",
  "Currency",
  "Spend",
  "Impressions",
  "Clicks",
  "Conversions",
  "Revenue",
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

/** "adhelm-campaigns-2026-03-01-to-2026-03-30.csv" */
export function exportFilename(kind: "campaigns" | "daily-metrics", range: DateRange): string {
  return `adhelm-${kind}-${range.from}-to-${range.to}.csv`;
}

function ratio(value: number | null): number | null {
  return value === null ? null : round(value, 4);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
