/**
 * A campaign's daily figures packed by the database into one text ("day impressions clicks spend
 * conversions value day impressions …", space-separated, day = index from the context's first
 * date), so that 10,000 campaigns × 90 days cross the driver as 10,000 strings instead of 900,000
 * rows. Read here without intermediate objects: digits are accumulated in place, and a number with a
 * fraction or an exponent is parsed exactly (the fast path below is correctly rounded; anything else
 * goes to Number()). Both databases print doubles so that they read back to the same double.
 */

/** The numbers per packed day: day index, impressions, clicks, spend, conversions, conversion value. */
export const PACKED_FIELDS = 6;

const TWO_POW_53 = 9_007_199_254_740_992;
// 10^0 … 10^22 are exact doubles: m / 10^k with m < 2^53 is then one correctly rounded division.
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, power) => 10 ** power);

const SPACE = 32;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * Calls `visit` once per packed day with a buffer holding its PACKED_FIELDS numbers (the buffer is
 * reused: read it before returning). Throws on a malformed text, never guesses.
 */
export function readPackedDays(packed: string, visit: (values: Float64Array) => void): void {
  const values = new Float64Array(PACKED_FIELDS);
  const length = packed.length;
  let field = 0;
  let at = 0;
  while (at < length) {
    const start = at;
    let negative = false;
    if (packed.charCodeAt(at) === MINUS) {
      negative = true;
      at += 1;
    }
    let mantissa = 0;
    let digits = 0;
    let decimals = -1;
    let exact = true;
    for (; at < length; at += 1) {
      const code = packed.charCodeAt(at);
      if (code === SPACE) break;
      if (code >= ZERO && code <= NINE) {
        mantissa = mantissa * 10 + (code - ZERO);
        digits += 1;
        if (decimals >= 0) decimals += 1;
      } else if (code === DOT && decimals < 0) decimals = 0;
      else exact = false; // an exponent ("1e-07"), or something Number() must judge
    }
    let value: number;
    if (exact && digits > 0 && mantissa < TWO_POW_53 && decimals <= 22) {
      value = decimals > 0 ? mantissa / POWERS_OF_TEN[decimals]! : mantissa;
      if (negative) value = -value;
    } else value = Number(packed.slice(start, at)); // the sign included
    if (Number.isNaN(value) || at === start) throw new Error(`Unreadable packed metric "${packed.slice(start, at)}"`);
    values[field] = value;
    field += 1;
    if (field === PACKED_FIELDS) {
      visit(values);
      field = 0;
    }
    at += 1; // the space
  }
  if (field !== 0) throw new Error("Packed metrics end inside a day");
}
