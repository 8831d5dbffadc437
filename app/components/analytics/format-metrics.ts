/**
 * How figures read everywhere in the analytics views. Every formatter takes the reader's locale
 * last (`useLocale()`: "de-DE"), US English when none is given; `useMetricFormat()` hands them
 * out bound to the reader's locale. The currency is always the amount's own.
 *
 * - `formatMoney(minor, currency)`: "$1,234.50" (from `app/lib/money.ts`, re-exported here).
 * - `formatCompactMoney(minor, currency)`: "$12.3K", "$1.2M"; small amounts keep their cents.
 * - `formatAxisMoney(minor, currency)`: short axis ticks, "$4K", "$1.5M", "$500".
 * - `formatNumber(n)`: "12,345"; fractional conversions keep up to one decimal.
 * - `formatCompactNumber(n)`: "12.3K", "1.2M".
 * - `formatPercent(fraction, digits?)`: 0.0345 → "3.45%" (two decimals below 10%, else one).
 * - `formatChange(fraction)`: 0.125 → "+12.5%", −0.04 → "−4.0%".
 * - `formatRoas(ratio)`: 3.4212 → "3.42×" ("3,42×" in German).
 * - Every formatter answers "—" for null (a ratio whose denominator is zero).
 * - `formatList(items)`: ["USD", "EUR"] → "USD, EUR" ("USD et EUR" in French).
 * - `formatDateRange(range)`: "Mar 1 – Mar 30, 2026"; `formatShortDate(date)`: "Mar 1"
 *   ("1. März – 30. März 2026", "1. März" in German). Dates are calendar dates (YYYY-MM-DD), already
 *   in the reader's time zone.
 */

import { formatMoney } from "#app/lib/money.ts";
import { currencyExponent } from "#core/shared/money.ts";

export { formatMoney };

const DEFAULT_LOCALE = "en-US";
export const NOT_AVAILABLE = "—";

/** Minor units per major unit of a currency (JPY 1, USD 100, KWD 1000). */
function minorUnitsPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}

export function formatMoneyOrDash(amountMinor: number | null, currency: string, locale = DEFAULT_LOCALE): string {
  return amountMinor == null ? NOT_AVAILABLE : formatMoney(Math.round(amountMinor), currency, locale);
}

export function formatCompactMoney(amountMinor: number | null, currency: string, locale = DEFAULT_LOCALE): string {
  if (amountMinor == null) return NOT_AVAILABLE;
  const major = amountMinor / minorUnitsPerMajor(currency);
  if (Math.abs(major) < 10_000) return formatMoney(Math.round(amountMinor), currency, locale);
  // The narrow symbol keeps a short figure short ("173,6 mil $", not "173,6 mil US$"); the screens
  // that show compact amounts name their currency beside them.
  return compactOrWhole(major, locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
}

/**
 * A compact figure ("379.2K", "1,2 Mio."), or the whole number where the locale does not shorten
 * this size (German keeps thousands: "391.821 €", never "391.821,3 €").
 */
function compactOrWhole(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  const compact = new Intl.NumberFormat(locale, { ...options, notation: "compact", maximumFractionDigits: 1 });
  if (compact.formatToParts(value).some((part) => part.type === "compact")) return compact.format(value);
  return new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 }).format(value);
}

export function formatAxisMoney(amountMinor: number, currency: string, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(amountMinor / minorUnitsPerMajor(currency));
}

export function formatNumber(value: number | null, locale = DEFAULT_LOCALE): string {
  if (value == null) return NOT_AVAILABLE;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: Number.isInteger(value) ? 0 : 1 }).format(value);
}

export function formatCompactNumber(value: number | null, locale = DEFAULT_LOCALE): string {
  if (value == null) return NOT_AVAILABLE;
  if (Math.abs(value) < 10_000) return formatNumber(value, locale);
  return compactOrWhole(value, locale);
}

export function formatPercent(fraction: number | null, digits?: number, locale = DEFAULT_LOCALE): string {
  if (fraction == null) return NOT_AVAILABLE;
  const fractionDigits = digits ?? (Math.abs(fraction) < 0.1 ? 2 : 1);
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(fraction);
}

export function formatChange(fraction: number | null, locale = DEFAULT_LOCALE): string {
  if (fraction == null) return NOT_AVAILABLE;
  const digits = Math.abs(fraction) >= 10 ? 0 : 1;
  const magnitude = new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(fraction));
  // A true minus sign lines up with the plus in tabular figures.
  return `${fraction < 0 ? "−" : "+"}${magnitude}`;
}

export function formatRoas(ratio: number | null, locale = DEFAULT_LOCALE): string {
  if (ratio == null) return NOT_AVAILABLE;
  // Two decimals and no grouping, as "3.42×" always read; the decimal mark is the reader's.
  const figure = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(ratio);
  return `${figure}×`;
}

export function formatList(items: string[], locale = DEFAULT_LOCALE): string {
  return new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(items);
}

/** Date formats per locale: building one costs more than using it, and a chart formats hundreds. */
const dateFormats = new Map<string, { short: Intl.DateTimeFormat; withYear: Intl.DateTimeFormat }>();

function dateFormatsOf(locale: string) {
  let known = dateFormats.get(locale);
  if (!known) {
    known = {
      short: new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }),
      withYear: new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }),
    };
    dateFormats.set(locale, known);
  }
  return known;
}

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

export function formatShortDate(date: string, locale = DEFAULT_LOCALE): string {
  return dateFormatsOf(locale).short.format(atNoon(date));
}

/** "Mar 1 – Mar 30, 2026", or "Dec 2, 2025 – Jan 30, 2026" across years; one day reads as that day. */
export function formatDateRange({ from, to }: { from: string; to: string }, locale = DEFAULT_LOCALE): string {
  const { short, withYear } = dateFormatsOf(locale);
  if (from === to) return withYear.format(atNoon(to));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameYear ? short.format(atNoon(from)) : withYear.format(atNoon(from));
  return `${start} – ${withYear.format(atNoon(to))}`;
}

/** Every formatter above, bound to one locale (see `useMetricFormat()`). */
export function metricFormat(locale: string) {
  return {
    locale,
    money: (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, locale),
    moneyOrDash: (amountMinor: number | null, currency: string) => formatMoneyOrDash(amountMinor, currency, locale),
    compactMoney: (amountMinor: number | null, currency: string) => formatCompactMoney(amountMinor, currency, locale),
    axisMoney: (amountMinor: number, currency: string) => formatAxisMoney(amountMinor, currency, locale),
    number: (value: number | null) => formatNumber(value, locale),
    compactNumber: (value: number | null) => formatCompactNumber(value, locale),
    percent: (fraction: number | null, digits?: number) => formatPercent(fraction, digits, locale),
    change: (fraction: number | null) => formatChange(fraction, locale),
    roas: (ratio: number | null) => formatRoas(ratio, locale),
    list: (items: string[]) => formatList(items, locale),
    shortDate: (date: string) => formatShortDate(date, locale),
    dateRange: (range: { from: string; to: string }) => formatDateRange(range, locale),
  };
}

export type MetricFormat = ReturnType<typeof metricFormat>;
