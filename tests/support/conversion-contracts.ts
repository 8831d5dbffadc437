import { expect } from "vitest";
import type { ExternalConversionDaily, ExternalDailyMetric } from "#core/shared/connector-port.ts";

/** The counted actions' rows, summed per campaign-day, against the campaign report's days. */
export function expectCountedSumsMatch(
  days: ExternalDailyMetric[],
  rows: ExternalConversionDaily[],
  counted: Set<string>,
): void {
  const totals = new Map<string, { cents: number; value: number }>();
  for (const row of rows) {
    if (!counted.has(row.actionExternalId)) continue;
    const key = `${row.campaignExternalId}|${row.date}`;
    const total = totals.get(key) ?? { cents: 0, value: 0 };
    total.cents += Math.round(row.conversions * 100);
    total.value += row.conversionValueMinor;
    totals.set(key, total);
  }
  const reported = new Set<string>();
  for (const day of days) {
    const key = `${day.campaignExternalId}|${day.date}`;
    reported.add(key);
    expect(totals.get(key) ?? { cents: 0, value: 0 }).toEqual({
      cents: Math.round(day.conversions * 100),
      value: day.conversionValueMinor,
    });
  }
  for (const key of totals.keys()) expect(reported.has(key)).toBe(true);
}
