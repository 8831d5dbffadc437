/** Conversions between the platforms' money units and our integer minor units (`core/shared/money.ts`). */

import { currencyExponent } from "#core/shared/money.ts";

/** Google's micros (1,000,000 per currency unit) → minor units. */
export function microsToMinor(micros: string | number, currency: string): number {
  return Math.round(Number(micros) / 10 ** (6 - currencyExponent(currency)));
}

/** Minor units → Google's micros. */
export function minorToMicros(minor: number, currency: string): number {
  return minor * 10 ** (6 - currencyExponent(currency));
}
