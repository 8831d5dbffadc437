import { describe, expect, it } from "vitest";
import { deltaOf, percentChange } from "./delta.ts";
import {
  formatAxisMoney,
  formatChange,
  formatCompactMoney,
  formatCompactNumber,
  formatDateRange,
  formatList,
  formatNumber,
  formatPercent,
  formatRoas,
  formatShortDate,
  metricFormat,
} from "./format-metrics.ts";

const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("metric formatting", () => {
  it.each([
    [formatRoas(3.4212), "3.42×"],
    [formatRoas(null), "—"],
    [formatPercent(0.0345), "3.45%"],
    [formatPercent(0.25), "25.0%"],
    [formatPercent(null), "—"],
    [formatChange(0.125), "+12.5%"],
    [formatChange(-0.04), "−4.0%"],
    [formatChange(12.3), "+1,230%"],
    [formatNumber(12345), "12,345"],
    [formatNumber(12.34), "12.3"],
    [formatCompactNumber(9_999), "9,999"],
    [formatCompactNumber(12_345), "12.3K"],
    [formatCompactNumber(1_250_000), "1.3M"],
    [formatCompactMoney(123_450, "USD"), "$1,234.50"],
    [formatCompactMoney(1_234_500, "USD"), "$12.3K"],
    [formatCompactMoney(1_500_000, "JPY"), "¥1.5M"],
    [formatCompactMoney(null, "USD"), "—"],
    [formatAxisMoney(400_000, "USD"), "$4K"],
    [formatAxisMoney(50_000, "USD"), "$500"],
    [formatAxisMoney(150_000_000, "USD"), "$1.5M"],
  ])("%s reads %s", (actual, expected) => {
    expect(plain(actual)).toBe(expected);
  });

  it("writes ranges compactly within a year and in full across years", () => {
    expect(formatDateRange({ from: "2026-03-01", to: "2026-03-30" })).toBe("Mar 1 – Mar 30, 2026");
    expect(formatDateRange({ from: "2025-12-02", to: "2026-01-30" })).toBe("Dec 2, 2025 – Jan 30, 2026");
    expect(formatDateRange({ from: "2026-03-01", to: "2026-03-01" })).toBe("Mar 1, 2026");
  });
});

describe("metric formatting in the reader's locale", () => {
  it.each([
    [formatRoas(3.4212, "de-DE"), "3,42×"],
    [formatRoas(1234.5), "1234.50×"],
    [formatPercent(0.0345, undefined, "de-DE"), "3,45 %"],
    [formatPercent(0.0345, undefined, "fr-FR"), "3,45 %"],
    [formatChange(-0.04, "es-ES"), "−4,0 %"],
    [formatNumber(12345, "de-DE"), "12.345"],
    [formatNumber(12345, "fr-FR"), "12 345"],
    [formatCompactMoney(123_450, "EUR", "de-DE"), "1.234,50 €"],
    [formatCompactMoney(123_450, "USD", "fr-FR"), "1 234,50 $US"],
    [formatCompactNumber(1_250_000, "es-ES"), "1,3 M"],
    [formatList(["USD", "EUR"]), "USD, EUR"],
    [formatList(["USD", "EUR"], "fr-FR"), "USD et EUR"],
    [formatShortDate("2026-03-01", "de-DE"), "1. März"],
  ])("%s reads %s", (actual, expected) => {
    expect(plain(actual).replace(/\u202f/g, " ")).toBe(expected);
  });

  it("shortens large figures where the locale does, and keeps them whole where it does not", () => {
    expect(formatCompactMoney(39_182_130, "USD", "fr-FR")).toBe("391,8\u00a0k\u00a0$");
    // German shortens millions, not thousands: no stray decimal on a whole amount.
    expect(formatCompactMoney(39_182_130, "USD", "de-DE")).toBe("391.821\u00a0$");
    expect(formatCompactMoney(391_821_300, "USD", "de-DE")).toBe("3,9\u00a0Mio.\u00a0$");
    expect(formatCompactNumber(148_538.4, "de-DE")).toBe("148.538");
  });

  it("writes ranges with the locale's month names", () => {
    expect(formatDateRange({ from: "2026-03-01", to: "2026-03-30" }, "de-DE")).toBe("1. März – 30. März 2026");
    expect(formatDateRange({ from: "2026-03-01", to: "2026-03-30" }, "fr-FR")).toBe("1 mars – 30 mars 2026");
    expect(formatDateRange({ from: "2025-12-02", to: "2026-01-30" }, "es-ES")).toBe("2 dic 2025 – 30 ene 2026");
  });

  it("binds every formatter to one locale, US English as before without one", () => {
    const german = metricFormat("de-DE");
    expect(plain(german.money(123_450, "USD"))).toBe("1.234,50 $");
    expect(german.dateRange({ from: "2026-03-01", to: "2026-03-01" })).toBe("1. März 2026");
    expect(metricFormat("en-US").roas(3.4212)).toBe(formatRoas(3.4212));
  });
});

describe("change against the previous period", () => {
  it("is a fraction of the previous value, or null without one", () => {
    expect(percentChange(150, 100)).toBe(0.5);
    expect(percentChange(50, 100)).toBe(-0.5);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(null, 100)).toBeNull();
    expect(percentChange(100, null)).toBeNull();
  });

  it.each([
    ["revenue up", 120, 100, "higher", "good", "up"],
    ["revenue down", 80, 100, "higher", "bad", "down"],
    ["CPA up", 120, 100, "lower", "bad", "up"],
    ["CPA down", 80, 100, "lower", "good", "down"],
    ["spend up", 120, 100, "neutral", "neutral", "up"],
    ["a tiny change", 100.01, 100, "higher", "neutral", "flat"],
    ["no previous", 100, 0, "higher", "neutral", "flat"],
  ] as const)("%s is %s", (_, current, previous, goodDirection, tone, direction) => {
    expect(deltaOf(current, previous, goodDirection)).toMatchObject({ tone, direction });
  });
});
