import { describe, expect, it } from "vitest";
import type { WhatIfPoint } from "#core/optimizer/optimizer-types.ts";
import { interpolateWhatIf, marginalAt, roundStep, sumIntervals } from "./what-if-math.ts";

const points: WhatIfPoint[] = [
  { budgetMinor: 50_000, ratio: 0.5, predicted: { mean: 20, low: 18, high: 22 } },
  { budgetMinor: 100_000, ratio: 1, predicted: { mean: 30, low: 27, high: 33 } },
  { budgetMinor: 200_000, ratio: 2, predicted: { mean: 40, low: 35, high: 45 } },
];

describe("the what-if between its points", () => {
  it("reads a total between two points linearly, band included", () => {
    expect(interpolateWhatIf(points, 75_000)).toEqual({ mean: 25, low: 22.5, high: 27.5 });
    expect(interpolateWhatIf(points, 150_000)).toEqual({ mean: 35, low: 31, high: 39 });
  });

  it("holds the ends outside the range, and has nothing without points", () => {
    expect(interpolateWhatIf(points, 10_000)).toEqual(points[0]!.predicted);
    expect(interpolateWhatIf(points, 900_000)).toEqual(points[2]!.predicted);
    expect(interpolateWhatIf([], 100_000)).toBeNull();
  });

  it("says what the next step buys from the curve's slope there", () => {
    // 10 more conversions for $1,000 more between $1,000 and $2,000: $100 buys 1.
    expect(marginalAt(points, 150_000, 10_000)).toBeCloseTo(1);
    expect(marginalAt(points, 60_000, 10_000)).toBeCloseTo(2);
    expect(marginalAt(points, 250_000, 10_000)).toBeCloseTo(1);
  });
});

describe("a set of changes together", () => {
  it("adds the means and the spreads in quadrature", () => {
    const one = { mean: 1, low: 1 - 1.2816, high: 1 + 1.2816 };
    const sum = sumIntervals([one, one, one, one]);
    expect(sum.mean).toBeCloseTo(4);
    expect(sum.high - sum.mean).toBeCloseTo(2 * 1.2816);
    expect(sum.mean - sum.low).toBeCloseTo(2 * 1.2816);
  });
});

describe("the round step", () => {
  it("is about a tenth of the amount, as 1, 2 or 5 times a power of ten, at least one unit", () => {
    expect(roundStep(100_000, 100)).toBe(10_000);
    expect(roundStep(31_100, 100)).toBe(5_000);
    expect(roundStep(25_000, 100)).toBe(2_000);
    expect(roundStep(500, 100)).toBe(100);
  });
});
