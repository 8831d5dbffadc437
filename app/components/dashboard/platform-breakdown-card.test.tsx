import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PlatformTotals } from "#core/analytics/analytics-types.ts";
import { emptySums, toKpis } from "#core/analytics/kpis.ts";
import { PlatformBreakdownCard } from "./platform-breakdown-card.tsx";

function totals(platform: PlatformTotals["platform"], currency: string, spendMinor: number): PlatformTotals {
  const kpis = toKpis({ ...emptySums(), spendMinor });
  return { platform, currency, current: kpis, previous: kpis, storeRevenueMinor: null };
}

/** Each row's header cell, as text. */
function rowNames(platforms: PlatformTotals[]): string[] {
  const html = renderToString(<PlatformBreakdownCard platforms={platforms} hasStore={false} />);
  return [...html.matchAll(/<th[^>]*scope="row"[^>]*>(.*?)<\/th>/g)].map((match) =>
    (match[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

describe("PlatformBreakdownCard", () => {
  it("names a platform's currency only where its accounts spend in more than one", () => {
    expect(
      rowNames([
        totals("google-ads", "USD", 9_000),
        totals("facebook-ads", "USD", 7_000),
        totals("google-ads", "GBP", 3_000),
      ]),
    ).toEqual([
      // Each name follows its logo.
      expect.stringMatching(/ Google Ads USD$/),
      expect.stringMatching(/ Meta$/),
      expect.stringMatching(/ Google Ads GBP$/),
    ]);
  });
});
