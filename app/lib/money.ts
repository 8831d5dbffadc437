// Amounts are shown in US English until the interface is translated.
const LOCALE = "en-US";

/** "$1,234.50" from 123450 USD minor units; a currency's own decimals (JPY none, KWD three). */
export function formatMoney(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** decimals);
}
