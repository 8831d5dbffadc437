import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";

describe("formatMoney", () => {
  it.each([
    [0, "USD", "$0.00"],
    [123450, "USD", "$1,234.50"],
    [99, "EUR", "€0.99"],
    [1500, "JPY", "¥1,500"],
    [1234, "KWD", "KWD 1.234"],
    [-500, "GBP", "-£5.00"],
  ])("%i minor units of %s read %s", (amountMinor, currency, expected) => {
    expect(formatMoney(amountMinor, currency).replace(/\u00a0/g, " ")).toBe(expected);
  });

  it.each([
    ["de-DE", 123450, "EUR", "1.234,50 €"],
    ["fr-FR", 123450, "EUR", "1 234,50 €"],
    ["es-ES", 123450, "USD", "1234,50 US$"],
    ["de-DE", 1500, "JPY", "1.500 ¥"],
  ])("reads in the reader's locale (%s), in the amount's own currency", (locale, amountMinor, currency, expected) => {
    expect(formatMoney(amountMinor, currency, locale).replace(/[\u00a0\u202f]/g, " ")).toBe(expected);
  });
});
