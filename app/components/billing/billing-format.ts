import { formatMoney } from "#app/lib/money.ts";

/** "14 Dec 2026" in the reader's locale and the viewer's time zone. */
export function formatDay(value: Date | string | null | undefined, locale: string, timeZone: string): string {
  if (!value) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(new Date(value));
}

/** "€149", "$39.20": whole amounts without decimals, in the reader's locale. */
export function formatPrice(amountMinor: number, currency: string, locale: string): string {
  if (amountMinor % 100 !== 0) return formatMoney(amountMinor, currency, locale);
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(
    amountMinor / 100,
  );
}

/** Whole days from `now` until `end`, never below zero. */
export function daysUntil(end: Date | string, now: number): number {
  return Math.max(0, Math.ceil((new Date(end).getTime() - now) / 86_400_000));
}
