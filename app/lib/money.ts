/** Amounts read in US English unless the caller passes the reader's locale (`useLocale()`). */
const DEFAULT_LOCALE = "en-US";

/**
 * "$1,234.50" from 123450 USD minor units; a currency's own decimals (JPY none, KWD three).
 * With `locale` "de-DE": "1.234,50 $". The currency is always the amount's own.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** decimals);
}
