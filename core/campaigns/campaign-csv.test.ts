import { describe, expect, it } from "vitest";
import type { CampaignRow } from "#core/analytics/analytics-types.ts";
import {
  CAMPAIGN_CSV_COLUMNS,
  campaignCsvRow,
  DAILY_METRICS_CSV_COLUMNS,
  exportColumns,
  exportName,
  exportSheetName,
} from "./campaign-csv.ts";
import { csvLanguageOf, csvText } from "./csv-text.ts";

const csvHeader = (columns: typeof CAMPAIGN_CSV_COLUMNS, t: ReturnType<typeof csvText>) =>
  exportColumns(columns, t).map((column) => column.header);

const RANGE = { from: "2026-03-01", to: "2026-03-30" };

function campaign(status: CampaignRow["status"]): CampaignRow {
  return {
    id: "c-1",
    name: "Brand",
    platform: "google-ads",
    adAccountName: "Main",
    status,
    currency: "EUR",
    dailyBudgetMinor: 5_000,
    current: {
      spendMinor: 123_450,
      impressions: 1_000,
      clicks: 50,
      ctr: 0.05,
      cpcMinor: 2_469,
      conversions: 4,
      cpaMinor: 30_863,
      revenueMinor: 493_800,
      roas: 4,
    },
  } as CampaignRow;
}

describe("the CSV exports' words", () => {
  it("are today's English texts for an English reader", () => {
    const t = csvText("en");
    expect(csvHeader(CAMPAIGN_CSV_COLUMNS, t).join(",")).toBe(
      "Campaign ID,Campaign,Platform,Account,Status,Currency,Daily budget,Spend,Impressions,Clicks,CTR (%),CPC,Conversions,CPA,Revenue,ROAS,From,To",
    );
    expect(csvHeader(DAILY_METRICS_CSV_COLUMNS, t).join(",")).toBe(
      "Date,Campaign ID,Campaign,Platform,Account,Currency,Spend,Impressions,Clicks,Conversions,Revenue",
    );
    expect(campaignCsvRow(campaign("paused"), RANGE, t)[4]).toBe("Paused");
    expect(exportName("campaigns", RANGE, t)).toBe("adhelm-campaigns-2026-03-01-to-2026-03-30");
    expect(exportName("daily-metrics", RANGE, t)).toBe("adhelm-daily-metrics-2026-03-01-to-2026-03-30");
    expect(exportSheetName("campaigns", t)).toBe("Campaigns");
  });

  it("are German for a German reader; the cells stay typed (money in minor units of its currency)", () => {
    const t = csvText("de");
    expect(csvHeader(CAMPAIGN_CSV_COLUMNS, t).slice(0, 8)).toEqual([
      "Kampagnen-ID",
      "Kampagne",
      "Plattform",
      "Konto",
      "Status",
      "Währung",
      "Tagesbudget",
      "Ausgaben",
    ]);
    expect(["enabled", "paused", "removed"].map((s) => campaignCsvRow(campaign(s as never), RANGE, t)[4])).toEqual([
      "Aktiv",
      "Pausiert",
      "Entfernt",
    ]);
    expect(campaignCsvRow(campaign("enabled"), RANGE, t)).toEqual([
      "c-1",
      "Brand",
      "Google Ads",
      "Main",
      "Aktiv",
      "EUR",
      { minor: 5_000, currency: "EUR" },
      { minor: 123_450, currency: "EUR" },
      1000,
      50,
      0.05,
      { minor: 2_469, currency: "EUR" },
      4,
      { minor: 30_863, currency: "EUR" },
      { minor: 493_800, currency: "EUR" },
      4,
      "2026-03-01",
      "2026-03-30",
    ]);
    expect(exportName("campaigns", RANGE, t)).toBe("adhelm-kampagnen-2026-03-01-bis-2026-03-30");
    expect(exportSheetName("daily-metrics", t)).toBe("Tageswerte");
  });

  it("are English for a language it does not know", () => {
    expect(csvLanguageOf("fr")).toBe("fr");
    for (const value of [undefined, "", "it", "toString", 42]) expect(csvLanguageOf(value)).toBe("en");
  });
});
