/**
 * The page's small sums over the optimizer's predictions, in the browser: the what-if reads the
 * curve it loaded once (13 totals from 50% to 200% of today's) between its points, so the slider
 * answers at once.
 */
import type { Interval, WhatIfPoint } from "#core/optimizer/optimizer-types.ts";

/** z of the 90th percentile: an 80% interval is mean ± 1.2816 sd. */
const Z80 = 1.2816;

/**
 * The predicted outcome at `budgetMinor`, read linearly between the two nearest totals (the ends
 * hold outside the range). Null without points.
 */
export function interpolateWhatIf(points: readonly WhatIfPoint[], budgetMinor: number): Interval | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  if (budgetMinor <= first.budgetMinor) return { ...first.predicted };
  if (budgetMinor >= last.budgetMinor) return { ...last.predicted };
  const upper = points.findIndex((point) => point.budgetMinor >= budgetMinor);
  const right = points[upper] as WhatIfPoint;
  const left = points[upper - 1] as WhatIfPoint;
  const share = (budgetMinor - left.budgetMinor) / (right.budgetMinor - left.budgetMinor || 1);
  const mix = (a: number, b: number) => a + (b - a) * share;
  return {
    mean: mix(left.predicted.mean, right.predicted.mean),
    low: mix(left.predicted.low, right.predicted.low),
    high: mix(left.predicted.high, right.predicted.high),
  };
}

/**
 * What `stepMinor` more of the total buys at `budgetMinor` on the best allocation's curve: the
 * slope between the neighbouring totals. Null without two points.
 */
export function marginalAt(points: readonly WhatIfPoint[], budgetMinor: number, stepMinor: number): number | null {
  if (points.length < 2) return null;
  let upper = points.findIndex((point) => point.budgetMinor > budgetMinor);
  if (upper <= 0) upper = upper === 0 ? 1 : points.length - 1;
  const right = points[upper] as WhatIfPoint;
  const left = points[upper - 1] as WhatIfPoint;
  const run = right.budgetMinor - left.budgetMinor;
  return run > 0 ? ((right.predicted.mean - left.predicted.mean) / run) * stepMinor : null;
}

/**
 * The sum of several predicted changes with its 80% interval, taking the campaigns' errors as
 * independent: the means add, and the spreads add in quadrature (each side on its own, so a
 * skewed interval stays skewed).
 */
export function sumIntervals(intervals: readonly Interval[]): Interval {
  let mean = 0;
  let below = 0;
  let above = 0;
  for (const interval of intervals) {
    mean += interval.mean;
    below += ((interval.mean - interval.low) / Z80) ** 2;
    above += ((interval.high - interval.mean) / Z80) ** 2;
  }
  return { mean, low: mean - Math.sqrt(below) * Z80, high: mean + Math.sqrt(above) * Z80 };
}

/** A round step for "the next $100": about a tenth of `amountMinor`, as 1, 2 or 5 × a power of ten. */
export function roundStep(amountMinor: number, unitMinor: number): number {
  const target = Math.max(amountMinor / 10, unitMinor);
  const power = 10 ** Math.floor(Math.log10(target));
  const nice = [1, 2, 5, 10].find((factor) => factor * power >= target * 0.75) ?? 10;
  return nice * power;
}
