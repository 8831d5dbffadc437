/** Minor-unit digits of a currency (USD 2, JPY 0, KWD 3), as Intl knows them; 2 for an unknown code. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
