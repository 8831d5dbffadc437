/**
 * How figures read everywhere in the analytics views (US English until the interface is translated).
 *
 * - `formatMoney(minor, currency)`: "$1,234.50" (from `app/lib/money.ts`, re-exported here).
 * - `formatCompactMoney(minor, currency)`: "$12.3K", "$1.2M"; small amounts keep their cents.
 * - `formatAxisMoney(minor, currency)`: short axis ticks, "$4K", "$1.5M", "$500".
 * - `formatNumber(n)`: "12,345"; fractional conversions keep up to one decimal.
 * - `formatCompactNumber(n)`: "12.3K", "1.2M".
 * - `formatPercent(fraction, digits?)`: 0.0345 → "3.45%" (two decimals below 10%, else one).
 * - `formatChange(fraction)`: 0.125 → "+12.5%", −0.04 → "−4.0%".
 * - `formatRoas(ratio)`: 3.4212 → "3.42×".
 * - Every formatter answers "—" for null (a ratio whose denominator is zero).
 * - `formatDateRange(range)`: "Mar 1 – Mar 30, 2026"; `formatShortDate(date)`: "Mar 1".
 */

import { formatMoney } from "#app/lib/money.ts";
import { currencyExponent } from "#core/shared/money.ts";

export { formatMoney };

const LOCALE = "en-US";
export const NOT_AVAILABLE = "—";

/** Minor units per major unit of a currency (JPY 1, USD 100, KWD 1000). */
function minorUnitsPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}

export function formatMoneyOrDash(amountMinor: number | null, currency: string): string {
  return amountMinor == null ? NOT_AVAILABLE : formatMoney(Math.round(amountMinor), currency);
}

export function formatCompactMoney(amountMinor: number | null, currency: string): string {
  if (amountMinor == null) return NOT_AVAILABLE;
  const major = amountMinor / minorUnitsPerMajor(currency);
  if (Math.abs(major) < 10_000) return formatMoney(Math.round(amountMinor), currency);
  return new Intl.NumberFormat(LOCALE, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(major);
}

export function formatAxisMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(LOCALE, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(amountMinor / minorUnitsPerMajor(currency));
}

export function formatNumber(value: number | null): string {
  if (value == null) return NOT_AVAILABLE;
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: Number.isInteger(value) ? 0 : 1 }).format(value);
}

export function formatCompactNumber(value: number | null): string {
  if (value == null) return NOT_AVAILABLE;
  if (Math.abs(value) < 10_000) return formatNumber(value);
  return new Intl.NumberFormat(LOCALE, { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

export function formatPercent(fraction: number | null, digits?: number): string {
  if (fraction == null) return NOT_AVAILABLE;
  const fractionDigits = digits ?? (Math.abs(fraction) < 0.1 ? 2 : 1);
  return new Intl.NumberFormat(LOCALE, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(fraction);
}

export function formatChange(fraction: number | null): string {
  if (fraction == null) return NOT_AVAILABLE;
  const digits = Math.abs(fraction) >= 10 ? 0 : 1;
  const magnitude = new Intl.NumberFormat(LOCALE, {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(fraction));
  // A true minus sign lines up with the plus in tabular figures.
  return `${fraction < 0 ? "−" : "+"}${magnitude}`;
}

export function formatRoas(ratio: number | null): string {
  if (ratio == null) return NOT_AVAILABLE;
  return `${ratio.toFixed(2)}×`;
}

const shortDate = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });
const shortDateWithYear = new Intl.DateTimeFormat(LOCALE, {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

export function formatShortDate(date: string): string {
  return shortDate.format(atNoon(date));
}

/** "Mar 1 – Mar 30, 2026", or "Dec 2, 2025 – Jan 30, 2026" across years; one day reads as that day. */
export function formatDateRange({ from, to }: { from: string; to: string }): string {
  if (from === to) return shortDateWithYear.format(atNoon(to));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameYear ? shortDate.format(atNoon(from)) : shortDateWithYear.format(atNoon(from));
  return `${start} – ${shortDateWithYear.format(atNoon(to))}`;
}
