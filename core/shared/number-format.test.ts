import { describe, expect, it } from "vitest";
import {
  formatAxisMoney,
  formatCalendarDate,
  formatChange,
  formatCompactMoney,
  formatCompactNumber,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatList,
  formatMoney,
  formatMoneyOrDash,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRoas,
  formatShortDate,
  metricFormat,
} from "./number-format.ts";

const plain = (text: string) => text.replace(/\u00a0/g, " ");
/** No-break and narrow no-break spaces as plain spaces, to compare with readable expectations. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("metric formatting", () => {
  it.each([
    [formatRoas(3.4212), "3.42×"],
    [formatRoas(null), "—"],
    [formatPercent(0.0345), "3.45%"],
    [formatPercent(0.25), "25.00%"],
    [formatPercent(0.25, "ratio"), "25.0%"],
    [formatPercent(0.25, "share"), "25%"],
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

describe("money from minor units", () => {
  it.each([
    [0, "USD", "$0.00"],
    [123450, "USD", "$1,234.50"],
    [99, "EUR", "€0.99"],
    [1500, "JPY", "¥1,500"],
    [1234, "KWD", "KWD 1.234"],
    [-500, "GBP", "-£5.00"],
  ])("%i minor units of %s read %s", (amountMinor, currency, expected) => {
    expect(plain(formatMoney(amountMinor, currency))).toBe(expected);
  });

  it.each([
    ["de-DE", 123450, "EUR", "1.234,50 €"],
    ["fr-FR", 123450, "EUR", "1 234,50 €"],
    ["es-ES", 123450, "USD", "1234,50 US$"],
    ["de-DE", 1500, "JPY", "1.500 ¥"],
    ["de-DE", -4250, "EUR", "-42,50 €"],
    ["fr-FR", 0, "EUR", "0,00 €"],
  ])("reads in the reader's locale (%s), in the amount's own currency", (locale, amountMinor, currency, expected) => {
    expect(spaced(formatMoney(amountMinor, currency, locale))).toBe(expected);
  });

  it("shows a dash for an unknown amount and whole minor units otherwise", () => {
    expect(formatMoneyOrDash(null, "USD")).toBe("—");
    expect(formatMoneyOrDash(1234.6, "USD")).toBe("$12.35");
  });

  it("writes prices without decimals when they are whole", () => {
    expect(formatPrice(4900, "USD")).toBe("$49");
    expect(formatPrice(3920, "USD")).toBe("$39.20");
    expect(spaced(formatPrice(14900, "EUR", "de-DE"))).toBe("149 €");
    expect(formatPrice(1500, "JPY")).toBe("¥1,500");
  });
});

describe("each kind in the four languages", () => {
  const kinds = (locale: string) => {
    const format = metricFormat(locale);
    return [
      format.money(-123450, "EUR"),
      format.compactMoney(1_234_500, "EUR"),
      format.number(-12345),
      format.compactNumber(12_345),
      format.compactNumber(1_250_000),
      format.percent(0.0345),
      format.percent(0, "ratio"),
      format.change(-0.04),
      format.change(0),
      format.roas(2.345),
      format.roas(0),
      format.shortDate("2026-03-01"),
      format.dateRange({ from: "2026-03-01", to: "2026-03-30" }),
    ].map(spaced);
  };

  it.each([
    [
      "en-US",
      ["-€1,234.50", "€12.3K", "-12,345", "12.3K", "1.3M", "3.45%", "0.0%", "−4.0%", "+0.0%", "2.35×", "0.00×"],
    ],
    [
      "de-DE",
      [
        "-1.234,50 €",
        "12.345 €",
        "-12.345",
        "12.345",
        "1,3 Mio.",
        "3,45 %",
        "0,0 %",
        "−4,0 %",
        "+0,0 %",
        "2,35×",
        "0,00×",
      ],
    ],
    [
      "fr-FR",
      [
        "-1 234,50 €",
        "12,3 k €",
        "-12 345",
        "12,3 k",
        "1,3 M",
        "3,45 %",
        "0,0 %",
        "−4,0 %",
        "+0,0 %",
        "2,35×",
        "0,00×",
      ],
    ],
    [
      "es-ES",
      [
        "-1234,50 €",
        "12,3 mil €",
        "-12.345",
        "12,3 mil",
        "1,3 M",
        "3,45 %",
        "0,0 %",
        "−4,0 %",
        "+0,0 %",
        "2,35×",
        "0,00×",
      ],
    ],
  ])("%s", (locale, expected) => {
    expect(kinds(locale).slice(0, expected.length)).toEqual(expected);
  });

  it("answers a dash for every unknown figure", () => {
    const format = metricFormat("fr-FR");
    for (const text of [
      format.moneyOrDash(null, "EUR"),
      format.compactMoney(null, "EUR"),
      format.number(null),
      format.compactNumber(null),
      format.percent(null),
      format.change(null),
      format.roas(null),
      format.roas(Number.POSITIVE_INFINITY),
    ])
      expect(text).toBe("—");
  });

  it("keeps figures whole below ten thousand and shortens them from there", () => {
    expect(formatCompactNumber(9_999.4)).toBe("9,999.4");
    expect(formatCompactNumber(10_000)).toBe("10K");
    expect(formatCompactNumber(-12_345)).toBe("-12.3K");
    expect(formatCompactMoney(999_999, "USD")).toBe("$9,999.99");
    expect(formatCompactMoney(1_000_000, "USD")).toBe("$10K");
    expect(spaced(formatCompactNumber(10_000, "fr-FR"))).toBe("10 k");
  });
});

describe("dates in the reader's time zone", () => {
  // 23:30 UTC on March 1 is already March 2 in Berlin, and still March 1 in New York.
  const lateEvening = "2026-03-01T23:30:00Z";

  it("writes the day where the reader is", () => {
    expect(formatDate(lateEvening, "en-US", { timeZone: "America/New_York" })).toBe("Mar 1, 2026");
    expect(formatDate(lateEvening, "de-DE", { timeZone: "Europe/Berlin", style: "long" })).toBe("2. März 2026");
    expect(formatDate(lateEvening, "fr-FR", { timeZone: "Europe/Paris", style: "medium" })).toBe("2 mars 2026");
    expect(formatDate(lateEvening, "es-ES", { style: "long" })).toBe("1 de marzo de 2026");
    expect(formatDate(lateEvening, "en-US", { timeZone: "Not/AZone" })).toBe("Mar 1, 2026");
  });

  it("writes the time with the day", () => {
    expect(spaced(formatDateTime(lateEvening, "en-US", { timeZone: "America/New_York" }))).toBe("Mar 1, 2026, 6:30 PM");
    expect(formatDateTime(lateEvening, "de-DE", { timeZone: "Europe/Berlin" })).toBe("02.03.2026, 00:30");
    expect(spaced(formatDateTime(lateEvening, "en-US", { timeZone: "UTC", withZone: true }))).toBe(
      "Mar 1, 2026, 11:30 PM UTC",
    );
    expect(formatDate(lateEvening, "fr-FR", { timeZone: "Europe/Paris", withYear: false })).toBe("2 mars");
  });

  it("writes calendar dates and months as those days wherever they are read", () => {
    expect(formatCalendarDate("2026-03-01")).toBe("Mar 1, 2026");
    expect(formatCalendarDate("2026-03-01", "fr-FR", "long")).toBe("1 mars 2026");
    expect(formatMonth("2026-03", "de-DE")).toBe("März 2026");
    expect(formatMonth("2026-03-31", "es-ES")).toBe("marzo de 2026");
    expect(formatMonth(new Date("2026-11-15T12:00:00Z"))).toBe("November 2026");
  });
});
