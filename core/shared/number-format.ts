/**
 * How numbers, money and dates read for a person, everywhere: pages, charts, tooltips, toasts,
 * mails and notifications. Pure functions of the value and the reader's locale ("de-DE"), US
 * English when none is given; browser-safe (no node: imports, no React). Not for machines: CSV raw
 * numbers, ids, API JSON and XLSX number formats keep their own plain forms.
 *
 * - `formatMoney(minor, currency)`: "$1,234.50"; a currency's own decimals (JPY none, KWD three).
 * - `formatMoneyAmount(amount, currency)`: the same from currency units (49.9 → "$49.90").
 * - `formatCompactMoney(minor, currency)`: "$12.3K", "$1.2M"; below 10,000 the full amount.
 * - `formatAxisMoney(minor, currency)`: short axis ticks, "$4K", "$1.5M", "$500".
 * - `formatPrice(minor, currency)`: a price, "$49" when whole, "$39.20" otherwise.
 * - `formatNumber(n)`: "12,345"; fractional figures keep up to one decimal.
 * - `formatCompactNumber(n)`: "12.3K", "1.2M" ("12,3 k" in French; German shortens millions only).
 * - `formatPercent(fraction, kind)`: fixed decimals per kind: rate (CTR, CVR) "3.45%",
 *   ratio (ROI, share of a goal) "25.0%", share (of a whole) "25%"; or a number of decimals.
 * - `formatChange(fraction)`: 0.125 → "+12.5%", −0.04 → "−4.0%" (a true minus sign), "+1,230%".
 * - `formatRoas(ratio)`: 3.4212 → "3.42×" ("3,42×" in German): two decimals, the × sign.
 * - Every formatter of a figure answers "—" for null (a ratio whose denominator is zero).
 * - Dates: `formatShortDate("2026-03-01")` "Mar 1", `formatDateRange` "Mar 1 – Mar 30, 2026" for
 *   calendar dates (YYYY-MM-DD); `formatDate(instant, locale, { timeZone, style })` "Mar 1, 2026",
 *   `formatDateTime` "Mar 1, 2026, 2:30 PM", `formatMonth` "March 2026" for instants, in a time zone.
 */
import { currencyExponent } from "./money.ts";

const DEFAULT_LOCALE = "en-US";
export const NOT_AVAILABLE = "—";

/** Formats are costly to build and cheap to use; a chart formats hundreds of figures. */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let known = numberFormats.get(key);
  if (!known) {
    known = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, known);
  }
  return known;
}

/** Minor units per major unit of a currency (JPY 1, USD 100, KWD 1000). */
function minorUnitsPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}

// ── Money (integer minor units and the amount's own currency) ──

/** "$1,234.50" from 123450 USD minor units; "1.234,50 $" in German. */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, { style: "currency", currency }).format(amountMinor / minorUnitsPerMajor(currency));
}

/** An amount in currency units (49.9 EUR → "€49.90"), as answers and proposals carry them. */
export function formatMoneyAmount(amount: number, currency: string, locale = DEFAULT_LOCALE): string {
  return formatMoney(amount * minorUnitsPerMajor(currency), currency, locale);
}

/** `formatMoney`, rounded to whole minor units, or "—" for null. */
export function formatMoneyOrDash(amountMinor: number | null, currency: string, locale = DEFAULT_LOCALE): string {
  return amountMinor == null ? NOT_AVAILABLE : formatMoney(Math.round(amountMinor), currency, locale);
}

/** "$12.3K" from 10,000 up; smaller amounts in full with their cents. */
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
  const compact = numberFormat(locale, { ...options, notation: "compact", maximumFractionDigits: 1 });
  if (compact.formatToParts(value).some((part) => part.type === "compact")) return compact.format(value);
  return numberFormat(locale, { ...options, maximumFractionDigits: 0 }).format(value);
}

/** An axis tick: "$4K", "$1.5M", "$500". */
export function formatAxisMoney(amountMinor: number, currency: string, locale = DEFAULT_LOCALE): string {
  return numberFormat(locale, { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }).format(
    amountMinor / minorUnitsPerMajor(currency),
  );
}

/** A price: "€149" when whole, "$39.20" otherwise. */
export function formatPrice(amountMinor: number, currency: string, locale = DEFAULT_LOCALE): string {
  const perMajor = minorUnitsPerMajor(currency);
  if (amountMinor % perMajor !== 0) return formatMoney(amountMinor, currency, locale);
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amountMinor / perMajor);
}

// ── Plain figures ──

/** "12,345"; a fractional figure keeps one decimal ("12.3"); `digits` fixes the decimals. */
export function formatNumber(value: number | null, locale = DEFAULT_LOCALE, digits?: number): string {
  if (value == null) return NOT_AVAILABLE;
  if (digits !== undefined)
    return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return numberFormat(locale, { maximumFractionDigits: Number.isInteger(value) ? 0 : 1 }).format(value);
}

/** "9,999", then "12.3K", "1.3M" from 10,000 up. */
export function formatCompactNumber(value: number | null, locale = DEFAULT_LOCALE): string {
  if (value == null) return NOT_AVAILABLE;
  if (Math.abs(value) < 10_000) return formatNumber(value, locale);
  return compactOrWhole(value, locale);
}

/** The decimals of each kind of percentage. */
export const PERCENT_DIGITS = { rate: 2, ratio: 1, share: 0 } as const;
export type PercentKind = keyof typeof PERCENT_DIGITS;

/** 0.0345 → "3.45%" (a rate: CTR, conversion rate); `kind` or a number of decimals. */
export function formatPercent(
  fraction: number | null,
  kind: PercentKind | number = "rate",
  locale = DEFAULT_LOCALE,
): string {
  if (fraction == null) return NOT_AVAILABLE;
  const digits = typeof kind === "number" ? kind : PERCENT_DIGITS[kind];
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fraction);
}

/** A change against the previous period: 0.125 → "+12.5%", −0.04 → "−4.0%". */
export function formatChange(fraction: number | null, locale = DEFAULT_LOCALE): string {
  if (fraction == null) return NOT_AVAILABLE;
  // One decimal; whole percents from tenfold up ("+1,230%").
  const magnitude = formatPercent(Math.abs(fraction), Math.abs(fraction) >= 10 ? 0 : 1, locale);
  // A true minus sign lines up with the plus in tabular figures.
  return `${fraction < 0 ? "−" : "+"}${magnitude}`;
}

/** "3.42×": two decimals and no grouping; the decimal mark is the reader's. */
export function formatRoas(ratio: number | null, locale = DEFAULT_LOCALE): string {
  if (ratio == null || !Number.isFinite(ratio)) return NOT_AVAILABLE;
  return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(ratio)}×`;
}

/** ["USD", "EUR"] → "USD, EUR" ("USD et EUR" in French). */
export function formatList(items: string[], locale = DEFAULT_LOCALE): string {
  return new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(items);
}

// ── Dates ──

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let known = dateFormats.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, known);
  }
  return known;
}

const SHORT = { month: "short", day: "numeric", timeZone: "UTC" } as const;
const WITH_YEAR = { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" } as const;

/** A calendar date (YYYY-MM-DD) at noon UTC: that day wherever it is formatted. */
const atNoon = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`);

/** "2026-03-01" → "Mar 1" ("1. März"). */
export function formatShortDate(date: string, locale = DEFAULT_LOCALE): string {
  return dateFormat(locale, SHORT).format(atNoon(date));
}

/** "2026-03-01" → "Mar 1, 2026". */
export function formatCalendarDate(date: string, locale = DEFAULT_LOCALE, style: DateStyle = "short"): string {
  return style === "short"
    ? dateFormat(locale, WITH_YEAR).format(atNoon(date))
    : dateFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(atNoon(date));
}

/** "Mar 1 – Mar 30, 2026", or "Dec 2, 2025 – Jan 30, 2026" across years; one day reads as that day. */
export function formatDateRange({ from, to }: { from: string; to: string }, locale = DEFAULT_LOCALE): string {
  const withYear = dateFormat(locale, WITH_YEAR);
  if (from === to) return withYear.format(atNoon(to));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameYear ? formatShortDate(from, locale) : withYear.format(atNoon(from));
  return `${start} – ${withYear.format(atNoon(to))}`;
}

/** "short": "Mar 1, 2026"; "medium": the locale's medium style; "long": "March 1, 2026". */
export type DateStyle = "short" | "medium" | "long";

export interface InstantOptions {
  /** The reader's time zone (IANA); UTC when none is known. */
  timeZone?: string;
  style?: DateStyle;
  /** Short style only: false leaves the year out ("Mar 1"), for a day of the current year. */
  withYear?: boolean;
  /** Date-times only: the time zone's short name after the time ("Jun 15, 2025, 9:05 AM UTC"). */
  withZone?: boolean;
}

type Instant = Date | string | number;

function safeZone(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** The day of an instant in a time zone: "Mar 1, 2026" (short), "1 mars 2026" (long, French). */
export function formatDate(at: Instant, locale = DEFAULT_LOCALE, options: InstantOptions = {}): string {
  const timeZone = safeZone(options.timeZone);
  const style = options.style ?? "short";
  const format =
    style !== "short"
      ? dateFormat(locale, { dateStyle: style, timeZone })
      : options.withYear === false
        ? dateFormat(locale, { ...SHORT, timeZone })
        : dateFormat(locale, { ...WITH_YEAR, timeZone });
  return format.format(new Date(at));
}

/** An instant with its time in a time zone: "Mar 1, 2026, 2:30 PM". */
export function formatDateTime(at: Instant, locale = DEFAULT_LOCALE, options: InstantOptions = {}): string {
  const timeZone = safeZone(options.timeZone);
  if (options.withZone)
    return dateFormat(locale, {
      ...WITH_YEAR,
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }).format(new Date(at));
  const dateStyle = options.style === "long" ? "long" : "medium";
  return dateFormat(locale, { dateStyle, timeStyle: "short", timeZone }).format(new Date(at));
}

/** "March 2026" ("März 2026") of a calendar date or an instant (in UTC). */
export function formatMonth(at: Instant, locale = DEFAULT_LOCALE): string {
  const instant =
    typeof at === "string" && /^\d{4}-\d{2}(-\d{2})?$/.test(at) ? atNoon(`${at}-01`.slice(0, 10)) : new Date(at);
  return dateFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(instant);
}

/** Every formatter above, bound to one locale (`useMetricFormat()` in the app). */
export function metricFormat(locale: string) {
  return {
    locale,
    money: (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, locale),
    moneyOrDash: (amountMinor: number | null, currency: string) => formatMoneyOrDash(amountMinor, currency, locale),
    compactMoney: (amountMinor: number | null, currency: string) => formatCompactMoney(amountMinor, currency, locale),
    axisMoney: (amountMinor: number, currency: string) => formatAxisMoney(amountMinor, currency, locale),
    price: (amountMinor: number, currency: string) => formatPrice(amountMinor, currency, locale),
    number: (value: number | null, digits?: number) => formatNumber(value, locale, digits),
    compactNumber: (value: number | null) => formatCompactNumber(value, locale),
    percent: (fraction: number | null, kind?: PercentKind | number) => formatPercent(fraction, kind, locale),
    change: (fraction: number | null) => formatChange(fraction, locale),
    roas: (ratio: number | null) => formatRoas(ratio, locale),
    list: (items: string[]) => formatList(items, locale),
    shortDate: (date: string) => formatShortDate(date, locale),
    calendarDate: (date: string, style?: DateStyle) => formatCalendarDate(date, locale, style),
    dateRange: (range: { from: string; to: string }) => formatDateRange(range, locale),
    date: (at: Instant, options?: InstantOptions) => formatDate(at, locale, options),
    dateTime: (at: Instant, options?: InstantOptions) => formatDateTime(at, locale, options),
    month: (at: Instant) => formatMonth(at, locale),
  };
}

export type MetricFormat = ReturnType<typeof metricFormat>;
