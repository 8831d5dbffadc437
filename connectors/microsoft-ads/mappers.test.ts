import { describe, expect, it } from "vitest";
import { MICROSOFT_TIME_ZONE_NAMES, toMicrosoftTimeZone } from "#simulator/platforms/microsoft-ads-time-zones.ts";
import {
  mapMicrosoftCampaign,
  mapMicrosoftCampaignStatus,
  mapMicrosoftReportRow,
  mapMicrosoftTimeZone,
} from "./mappers.ts";

/** The UTC offset (minutes) of a zone at an instant. */
function offsetOf(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
}

describe("mapMicrosoftTimeZone", () => {
  it("maps every TimeZoneType value to a zone the runtime knows", () => {
    for (const name of MICROSOFT_TIME_ZONE_NAMES) {
      const zone = mapMicrosoftTimeZone(name);
      expect(zone, name).not.toBeNull();
      expect(() => offsetOf(zone!, new Date()), name).not.toThrow();
    }
    expect(mapMicrosoftTimeZone("NotAZone")).toBeNull();
  });

  it.each([
    ["EasternTimeUSCanada", "America/New_York"],
    ["CentralTimeUSCanada", "America/Chicago"],
    ["MountainTimeUSCanada", "America/Denver"],
    ["PacificTimeUSCanadaTijuana", "America/Los_Angeles"],
    ["GreenwichMeanTimeDublinEdinburghLisbonLondon", "Europe/London"],
    ["AmsterdamBerlinBernRomeStockholmVienna", "Europe/Berlin"],
  ])("maps %s to %s", (name, zone) => {
    expect(mapMicrosoftTimeZone(name)).toBe(zone);
  });

  it("agrees with the sandbox's translation on offsets in winter and summer", () => {
    const zones = [
      "America/Phoenix",
      "Asia/Tokyo",
      "Australia/Sydney",
      "Europe/Paris",
      "Asia/Kolkata",
      "America/Sao_Paulo",
    ];
    for (const zone of zones) {
      const roundTrip = mapMicrosoftTimeZone(toMicrosoftTimeZone(zone))!;
      for (const instant of [new Date("2026-01-15T12:00:00Z"), new Date("2026-07-15T12:00:00Z")]) {
        expect(offsetOf(roundTrip, instant), zone).toBe(offsetOf(zone, instant));
      }
    }
  });
});

describe("Microsoft campaign mapping", () => {
  it.each([
    ["Active", "enabled"],
    ["BudgetPaused", "enabled"],
    ["Paused", "paused"],
    ["BudgetAndManualPaused", "paused"],
    ["Suspended", "paused"],
    ["Deleted", "removed"],
  ] as const)("reads status %s as %s", (status, expected) => {
    expect(mapMicrosoftCampaignStatus(status)).toBe(expected);
  });

  it("converts the decimal daily budget to minor units, and a shared budget to none", () => {
    expect(
      mapMicrosoftCampaign({ Id: "1", Name: "A", Status: "Active", DailyBudget: 50.25 }, "USD").dailyBudgetMinor,
    ).toBe(5025);
    expect(
      mapMicrosoftCampaign({ Id: "1", Name: "A", Status: "Active", DailyBudget: 500, BudgetId: "9" }, "JPY")
        .dailyBudgetMinor,
    ).toBeNull();
  });

  it("reads a report row in either date format, with decimals to minor units", () => {
    const row = {
      TimePeriod: "10/3/2026",
      CampaignId: "4001",
      Impressions: "1200",
      Clicks: "31",
      Spend: "12.34",
      Conversions: "2.5",
      Revenue: "99.9",
      CurrencyCode: "EUR",
    };
    expect(mapMicrosoftReportRow(row, "USD")).toEqual({
      campaignExternalId: "4001",
      date: "2026-10-03",
      impressions: 1200,
      clicks: 31,
      spendMinor: 1234,
      conversions: 2.5,
      conversionValueMinor: 9990,
      currency: "EUR",
    });
  });
});
