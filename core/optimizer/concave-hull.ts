/**
 * A campaign's curve as the allocator sees it: the expected outcome tabulated between its lower and
 * upper bound (denser near the lower bound, where curves bend most), and the upper concave hull of
 * those points as segments of decreasing slope. On the hull, spreading a budget is water-filling.
 */
import type { CampaignFit } from "./engine-types.ts";

/** Points per campaign curve (geometric spacing over 1/1000 … 1 of the range). */
const POINTS = 72;
const SMALLEST = 1e-3;

export interface Segment {
  campaign: number;
  /** Position of the segment within its campaign's hull. */
  order: number;
  spend: number;
  gain: number;
  slope: number;
}

/** The expected outcome at `spend` on the hull's lower bound side: f(lo). */
export interface HullCurve {
  base: number;
  segments: Segment[];
}

export function tabulateHull(campaign: number, fit: CampaignFit, low: number, high: number): HullCurve {
  const base = fit.predict(low).mean;
  if (!(high > low)) return { base, segments: [] };
  const range = high - low;
  const xs: number[] = [low];
  const ys: number[] = [base];
  const ratio = (1 / SMALLEST) ** (1 / (POINTS - 1));
  let u = SMALLEST;
  for (let i = 0; i < POINTS; i++) {
    const s = i === POINTS - 1 ? high : low + range * u;
    xs.push(s);
    ys.push(fit.predict(s).mean);
    u *= ratio;
  }
  // Upper concave hull (monotone chain over increasing x).
  const hx: number[] = [];
  const hy: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? 0;
    const y = ys[i] ?? 0;
    while (hx.length >= 2) {
      const x1 = hx[hx.length - 2] ?? 0;
      const y1 = hy[hy.length - 2] ?? 0;
      const x2 = hx[hx.length - 1] ?? 0;
      const y2 = hy[hy.length - 1] ?? 0;
      // Drop the middle point when it lies on or below the chord from (x1,y1) to (x,y).
      if ((y2 - y1) * (x - x1) <= (y - y1) * (x2 - x1)) {
        hx.pop();
        hy.pop();
      } else break;
    }
    hx.push(x);
    hy.push(y);
  }
  const segments: Segment[] = [];
  for (let i = 1; i < hx.length; i++) {
    const spend = (hx[i] ?? 0) - (hx[i - 1] ?? 0);
    if (spend <= 0) continue;
    const gain = (hy[i] ?? 0) - (hy[i - 1] ?? 0);
    segments.push({ campaign, order: segments.length, spend, gain, slope: gain / spend });
  }
  return { base, segments };
}
