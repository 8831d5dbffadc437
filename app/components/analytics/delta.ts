/**
 * The change of a figure against the previous period, and whether that change is good news.
 *
 * - `percentChange(current, previous)`: (current − previous) / previous, or null when there is
 *   nothing to compare with (no previous value, a previous zero, or either side null).
 * - `deltaOf(current, previous, goodDirection)`: `{ change, tone, direction }` for display.
 *   `goodDirection` says which way is good news: "higher" for revenue, ROAS, conversions, clicks and CTR,
 *   "lower" for CPA and CPC, "neutral" for spend (neither good nor bad in itself).
 */

export type GoodDirection = "higher" | "lower" | "neutral";
export type DeltaTone = "good" | "bad" | "neutral";

export interface Delta {
  /** A fraction (0.125 = +12.5%); null when there is no previous value to compare with. */
  change: number | null;
  tone: DeltaTone;
  /** "up", "down" or "flat" (no change, or no comparison). */
  direction: "up" | "down" | "flat";
}

/** Changes smaller than this read as flat: 0.0004 rounds to 0.0% anyway. */
const FLAT_THRESHOLD = 0.0005;

export function percentChange(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

export function deltaOf(current: number | null, previous: number | null, goodDirection: GoodDirection): Delta {
  const change = percentChange(current, previous);
  if (change == null || Math.abs(change) < FLAT_THRESHOLD) return { change, tone: "neutral", direction: "flat" };
  const direction = change > 0 ? "up" : "down";
  if (goodDirection === "neutral") return { change, tone: "neutral", direction };
  const isGood = (direction === "up") === (goodDirection === "higher");
  return { change, tone: isGood ? "good" : "bad", direction };
}
