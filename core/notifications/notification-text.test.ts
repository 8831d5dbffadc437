import { describe, expect, it } from "vitest";
import { MONITORING_CATALOG, monitoringAlertText } from "#core/monitoring/monitoring-alert-text.ts";
import { renderMessage } from "./notification-text.ts";

const catalogs = { [MONITORING_CATALOG]: monitoringAlertText };
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("a notification's figures, in each reader's locale", () => {
  const roasDrop = {
    catalog: MONITORING_CATALOG,
    key: "campaignRoasDrop",
    params: {
      campaign: "Brand – Search",
      platform: "Google Ads",
      date: { date: "2026-03-01" },
      actual: { roas: 1.2 },
      expected: { roas: 3.4 },
      low: { roas: 2.35 },
      high: { roas: 4.1 },
    },
  };

  it("writes ROAS as the app does, with two decimals and the × sign", () => {
    expect(renderMessage(catalogs, roasDrop, "en").body).toBe(
      "Brand – Search on Google Ads returned a ROAS of 1.20× on Mar 1, 2026. Expected: 2.35× to 4.10×.",
    );
    const german = renderMessage(catalogs, roasDrop, "de").body;
    expect(german).toContain("1,20×");
    expect(german).toContain("2,35×");
  });

  it("writes money from minor units in the amount's currency, and dates as that day", () => {
    const spike = {
      catalog: MONITORING_CATALOG,
      key: "campaignSpendSpike",
      params: {
        campaign: "Brand – Search",
        platform: "Google Ads",
        date: { date: "2026-03-01" },
        actual: { amountMinor: 98_000, currency: "EUR" },
        low: { amountMinor: 18_000, currency: "EUR" },
        high: { amountMinor: 36_050, currency: "EUR" },
      },
    };
    expect(renderMessage(catalogs, spike, "en").body).toBe(
      "Brand – Search on Google Ads spent €980.00 on Mar 1, 2026. Expected: €180.00 to €360.50.",
    );
    const french = spaced(renderMessage(catalogs, spike, "fr").body);
    expect(french).toContain("980,00 €");
    expect(french).toContain("360,50 €");
    expect(french).toContain("1 mars 2026");
  });
});
