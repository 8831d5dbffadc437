/** The sandbox's conversion actions: their shape per platform and the exact split of campaign-days. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";
import type { SimDailyMetric } from "../sandbox-kit.ts";
import { dateOfDay, dayNumberOf } from "./calendar.ts";
import { buildConversionActions, splitConversionDay } from "./conversions.ts";

const cents = (value: number) => Math.round(value * 100);

const rowArbitrary = fc.record({
  campaignId: fc.stringMatching(/^[0-9]{6,12}$/),
  date: fc.integer({ min: dayNumberOf("2024-01-01"), max: dayNumberOf("2027-12-31") }).map(dateOfDay),
  impressions: fc.nat(1_000_000),
  clicks: fc.nat(50_000),
  spendMinor: fc.nat(10_000_000),
  conversions: fc.nat(500_000).map((hundredths) => hundredths / 100),
  conversionValueMinor: fc.nat(100_000_000),
}) satisfies fc.Arbitrary<SimDailyMetric>;

describe("an account's conversion actions", () => {
  it("are the same for the same account, with at least one counted purchase, counted first", () => {
    for (const platform of AD_PLATFORM_IDS) {
      for (const account of ["1234567890", "act_42", "507890123"]) {
        const actions = buildConversionActions("tenant-a", platform, account);
        expect(buildConversionActions("tenant-a", platform, account)).toEqual(actions);
        expect(actions.some((action) => action.counted && action.category === "purchase")).toBe(true);
        const firstSecondary = actions.findIndex((action) => !action.counted);
        if (firstSecondary >= 0) expect(actions.slice(firstSecondary).every((action) => !action.counted)).toBe(true);
        expect(new Set(actions.map((action) => action.id)).size).toBe(actions.length);
        for (const action of actions) {
          expect(action.clickWindowDays).toBeGreaterThan(0);
          expect(action.viewWindowDays).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("look like each platform's own", () => {
    const google = buildConversionActions("tenant-a", "google-ads", "1234567890");
    expect(google.map((action) => action.name)).toEqual(
      expect.arrayContaining(["Purchase", "Add to cart", "Begin checkout", "Newsletter sign-up"]),
    );
    expect(google.find((action) => action.name === "Purchase")).toMatchObject({
      counted: true,
      clickWindowDays: 30,
      viewWindowDays: 1,
    });
    for (const action of google) expect(action.id).toMatch(/^\d{10}$/);
    expect(google.find((action) => action.name === "Add to cart")?.counted).toBe(false);

    const meta = buildConversionActions("tenant-a", "facebook-ads", "act_42");
    expect(meta.find((action) => action.category === "purchase")).toMatchObject({
      id: "offsite_conversion.fb_pixel_purchase",
      clickWindowDays: 7,
      viewWindowDays: 1,
    });
    expect(meta.some((action) => /^offsite_conversion\.custom\.\d{16}$/.test(action.id))).toBe(true);

    const tiktok = buildConversionActions("tenant-a", "tiktok-ads", "7000000000000000001");
    expect(tiktok.map((action) => action.id)).toEqual(
      expect.arrayContaining(["CompletePayment", "AddToCart", "InitiateCheckout", "SubmitForm"]),
    );
    // LinkedIn counts every enabled rule.
    const linkedIn = buildConversionActions("tenant-a", "linkedin-ads", "507890123");
    expect(linkedIn.map((action) => [action.name, action.counted])).toEqual([
      ["Purchase", true],
      ["Lead", true],
      ["Sign up", true],
    ]);
  });

  it("differ between accounts: some count a newsletter sign-up, some do not", () => {
    const counts = new Set<boolean>();
    for (let index = 0; index < 40; index++) {
      const actions = buildConversionActions(`tenant-${index}`, "google-ads", "1234567890");
      counts.add(actions.find((action) => action.name === "Newsletter sign-up")!.counted);
    }
    expect([...counts].sort()).toEqual([false, true]);
  });
});

describe("splitting a campaign-day over the actions", () => {
  it("gives the counted actions exactly the day's conversions (to the cent) and value", () => {
    fc.assert(
      fc.property(
        rowArbitrary,
        fc.constantFrom(...AD_PLATFORM_IDS),
        fc.string({ minLength: 1, maxLength: 12 }),
        (row, platform, tenant) => {
          const actions = buildConversionActions(tenant, platform, "1234567890");
          const counted = new Set(actions.filter((action) => action.counted).map((action) => action.id));
          const split = splitConversionDay(actions, row);
          const countedRows = split.filter((entry) => counted.has(entry.actionId));
          expect(countedRows.reduce((sum, entry) => sum + cents(entry.conversions), 0)).toBe(cents(row.conversions));
          expect(countedRows.reduce((sum, entry) => sum + entry.conversionValueMinor, 0)).toBe(
            row.conversionValueMinor,
          );
          for (const entry of split) {
            expect(entry).toMatchObject({ campaignId: row.campaignId, date: row.date });
            expect(Number.isInteger(entry.conversionValueMinor) && entry.conversionValueMinor >= 0).toBe(true);
            expect(entry.conversions).toBeGreaterThanOrEqual(0);
            expect(cents(entry.conversions) / 100).toBe(entry.conversions);
            expect(entry.conversions > 0 || entry.conversionValueMinor > 0).toBe(true);
          }
          expect(splitConversionDay(actions, row)).toEqual(split);
        },
      ),
    );
  });

  it("counts add to cart on top, several times the purchases, with a cart value", () => {
    const actions = buildConversionActions("tenant-a", "google-ads", "1234567890");
    const cart = actions.find((action) => action.category === "add_to_cart")!;
    const purchase = actions.find((action) => action.category === "purchase")!;
    let carts = 0;
    let purchases = 0;
    let cartValue = 0;
    for (let day = 0; day < 60; day++) {
      const row: SimDailyMetric = {
        campaignId: "111",
        date: dateOfDay(dayNumberOf("2026-01-01") + day),
        impressions: 20_000,
        clicks: 600,
        spendMinor: 50_000,
        conversions: 12.5,
        conversionValueMinor: 125_000,
      };
      const split = splitConversionDay(actions, row);
      carts += split.find((entry) => entry.actionId === cart.id)?.conversions ?? 0;
      cartValue += split.find((entry) => entry.actionId === cart.id)?.conversionValueMinor ?? 0;
      purchases += split.find((entry) => entry.actionId === purchase.id)?.conversions ?? 0;
    }
    expect(carts / purchases).toBeGreaterThan(2.5);
    expect(carts / purchases).toBeLessThan(8);
    // A cart is worth a little less than an order.
    expect(cartValue / carts).toBeGreaterThan(0.7 * 10_000);
    expect(cartValue / carts).toBeLessThan(10_000);
  });

  it("reports nothing for a day without conversions", () => {
    const actions = buildConversionActions("tenant-a", "microsoft-ads", "150123456");
    const row: SimDailyMetric = {
      campaignId: "9",
      date: "2026-02-01",
      impressions: 100,
      clicks: 3,
      spendMinor: 500,
      conversions: 0,
      conversionValueMinor: 0,
    };
    expect(splitConversionDay(actions, row)).toEqual([]);
  });
});
