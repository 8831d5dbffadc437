/**
 * Money is integer minor units plus an ISO 4217 currency. These convert between minor units and
 * amounts in currency units.
 */

const exponentCache = new Map<string, number>();

/** How many decimals a currency's minor unit has (USD 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let exponent = exponentCache.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    exponentCache.set(code, exponent);
  }
  return exponent;
}

/** "5339.5" or 5339.5 in currency units → minor units, rounded half away from zero. */
export function decimalToMinor(value: string | number, currency: string): number {
  const amount = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(amount)) throw new Error(`Not an amount: ${value}`);
  const scaled = amount * 10 ** currencyExponent(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
}

/** Minor units → a decimal string in currency units ("50.00"). */
export function minorToDecimal(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return (minor / 10 ** exponent).toFixed(exponent);
}
