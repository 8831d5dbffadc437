import { describe, expect, it } from "vitest";
import { mapConversionRow } from "./conversions.ts";

describe("Meta conversion rows", () => {
  it("counts a purchase once (omni_purchase), keeps pixel events and custom conversions, and drops aliases", () => {
    const row = {
      campaign_id: "120210000000001",
      date_start: "2026-11-20",
      date_stop: "2026-11-20",
      actions: [
        { action_type: "link_click", value: "120" },
        { action_type: "purchase", value: "4" },
        { action_type: "offsite_conversion.fb_pixel_purchase", value: "3" },
        { action_type: "omni_purchase", value: "4" },
        { action_type: "offsite_conversion.fb_pixel_add_to_cart", value: "17.5" },
        { action_type: "add_to_cart", value: "17.5" },
        { action_type: "omni_add_to_cart", value: "18" },
        { action_type: "offsite_conversion.custom.1234567890123456", value: "2" },
      ],
      action_values: [
        { action_type: "omni_purchase", value: "412.5" },
        { action_type: "offsite_conversion.fb_pixel_purchase", value: "300" },
        { action_type: "offsite_conversion.fb_pixel_add_to_cart", value: "1500.25" },
      ],
    };
    expect(mapConversionRow(row, "EUR")).toEqual([
      {
        campaignExternalId: "120210000000001",
        actionExternalId: "offsite_conversion.fb_pixel_purchase",
        date: "2026-11-20",
        conversions: 4,
        conversionValueMinor: 41_250,
        currency: "EUR",
      },
      {
        campaignExternalId: "120210000000001",
        actionExternalId: "offsite_conversion.fb_pixel_add_to_cart",
        date: "2026-11-20",
        conversions: 17.5,
        conversionValueMinor: 150_025,
        currency: "EUR",
      },
      {
        campaignExternalId: "120210000000001",
        actionExternalId: "offsite_conversion.custom.1234567890123456",
        date: "2026-11-20",
        conversions: 2,
        conversionValueMinor: 0,
        currency: "EUR",
      },
    ]);
  });

  it("reads money in the account currency's minor unit (no decimals for JPY)", () => {
    const row = {
      campaign_id: "1",
      date_start: "2026-11-20",
      date_stop: "2026-11-20",
      actions: [{ action_type: "omni_purchase", value: "1" }],
      action_values: [{ action_type: "omni_purchase", value: "5400" }],
    };
    expect(mapConversionRow(row, "JPY")[0]?.conversionValueMinor).toBe(5400);
  });
});
