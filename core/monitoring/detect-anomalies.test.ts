import { describe, expect, it } from "vitest";
import { type DailyPoint, defaultCompleteness, detectAnomalies, judgeMetric } from "./detect-anomalies.ts";

const TODAY = "2025-03-31";
const DAY_MS = 86_400_000;

/** A seeded draw in [0, 1), so the "noise" is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 60 days up to yesterday; `shape(date, weekday, age)` gives each day's final numbers. */
function series(
  shape: (weekday: number, draw: () => number) => { spend: number; conversions: number; value: number },
  options: { seed?: number; lagged?: boolean } = {},
): DailyPoint[] {
  const draw = seeded(options.seed ?? 7);
  const today = Date.parse(`${TODAY}T00:00:00Z`);
  const points: DailyPoint[] = [];
  for (let age = 60; age >= 1; age--) {
    const instant = today - age * DAY_MS;
    const { spend, conversions, value } = shape(new Date(instant).getUTCDay(), draw);
    const share = options.lagged ? defaultCompleteness(age) : 1;
    points.push({
      date: new Date(instant).toISOString().slice(0, 10),
      spendMinor: Math.round(spend),
      conversions: Math.round(conversions * share * 100) / 100,
      conversionValueMinor: Math.round(value * share),
    });
  }
  return points;
}

const WEEKLY = [0.45, 1.3, 1.25, 1.2, 1.15, 1.1, 0.55];

/** A healthy campaign: 200.00 a day ±7%, 20 conversions a day ±20% with a strong weekly pattern. */
const healthy = (weekday: number, draw: () => number) => {
  const spend = 20_000 * (0.93 + 0.14 * draw());
  const conversions = 20 * WEEKLY[weekday]! * (0.8 + 0.4 * draw());
  return { spend, conversions, value: conversions * 4_000 };
};

function withYesterday(points: DailyPoint[], change: (point: DailyPoint) => DailyPoint): DailyPoint[] {
  return [...points.slice(0, -1), change(points.at(-1)!)];
}

describe("detectAnomalies", () => {
  it("fires on a planted spend spike and states the expected range and the actual value", () => {
    const points = withYesterday(series(healthy), (point) => ({ ...point, spendMinor: point.spendMinor * 3 }));
    const findings = detectAnomalies(points, { today: TODAY, completeness: () => 1 });
    const spend = findings.find((finding) => finding.metric === "spend");
    expect(spend).toMatchObject({ date: "2025-03-30", direction: "up", actual: points.at(-1)!.spendMinor });
    expect(spend!.expected).toBeGreaterThan(18_000);
    expect(spend!.expected).toBeLessThan(22_000);
    expect(spend!.high).toBeLessThan(spend!.actual);
    expect(spend!.low).toBeLessThan(spend!.expected);
    expect(spend!.z).toBeGreaterThan(3.5);
  });

  it("fires on a conversion drop of a day still maturing, judged against its expected completeness", () => {
    const points = withYesterday(series(healthy, { lagged: true }), (point) => ({
      ...point,
      conversions: point.conversions * 0.15,
      conversionValueMinor: point.conversionValueMinor * 0.15,
    }));
    const findings = detectAnomalies(points, { today: TODAY });
    expect(findings.map((finding) => finding.metric).sort()).toEqual(["conversions", "cpa", "roas"]);
    const conversions = findings.find((finding) => finding.metric === "conversions")!;
    expect(conversions).toMatchObject({ direction: "down", completeness: 0.75 });
    // The expectation is for a day 75% complete, not the final count.
    expect(conversions.expected).toBeLessThan(20 * 1.3);
  });

  it("stays quiet on the same day's late conversions when nothing is wrong", () => {
    for (let seed = 1; seed <= 20; seed++) {
      expect(detectAnomalies(series(healthy, { seed, lagged: true }), { today: TODAY })).toEqual([]);
    }
  });

  it("stays quiet on a strong weekly pattern: a Sunday at a third of a Monday is expected", () => {
    const weekly = (weekday: number) => ({
      spend: 20_000 * WEEKLY[weekday]!,
      conversions: 30 * WEEKLY[weekday]!,
      value: 30 * WEEKLY[weekday]! * 5_000,
    });
    // Every weekday in turn as the judged day.
    for (let shift = 0; shift < 7; shift++) {
      const today = new Date(Date.parse(`${TODAY}T00:00:00Z`) - shift * DAY_MS).toISOString().slice(0, 10);
      const points = series(weekly).slice(0, 60 - shift);
      expect(detectAnomalies(points, { today, completeness: () => 1 })).toEqual([]);
    }
  });

  it("stays quiet on noise", () => {
    const noisy = (_weekday: number, draw: () => number) => {
      const conversions = 12 * (0.6 + 0.8 * draw());
      return { spend: 15_000 * (0.85 + 0.3 * draw()), conversions, value: conversions * 3_000 * (0.7 + 0.6 * draw()) };
    };
    for (let seed = 1; seed <= 30; seed++) {
      expect(detectAnomalies(series(noisy, { seed }), { today: TODAY, completeness: () => 1 })).toEqual([]);
    }
  });

  it("only flags the adverse direction: fewer conversions, not more", () => {
    const more = withYesterday(series(healthy), (point) => ({
      ...point,
      conversions: point.conversions * 4,
      conversionValueMinor: point.conversionValueMinor * 4,
    }));
    expect(detectAnomalies(more, { today: TODAY, completeness: () => 1 })).toEqual([]);
  });

  it("respects the floors: too little spend, too few conversions, too little history", () => {
    const small = (weekday: number, draw: () => number) => {
      const { spend, conversions, value } = healthy(weekday, draw);
      return { spend: spend / 40, conversions: conversions / 10, value: value / 10 };
    };
    const spiked = withYesterday(series(small), (point) => ({
      ...point,
      spendMinor: point.spendMinor * 5,
      conversions: 0,
      conversionValueMinor: 0,
    }));
    // Median spend 5.00 is under the 10.00 floor; 2 conversions a day are under 5.
    expect(detectAnomalies(spiked, { today: TODAY, completeness: () => 1 })).toEqual([]);
    expect(judgeMetric(spiked, "spend", { today: TODAY, minSpendMinor: 100 })).not.toBeNull();

    const young = withYesterday(series(healthy).slice(-10), (point) => ({
      ...point,
      spendMinor: point.spendMinor * 3,
    }));
    expect(detectAnomalies(young, { today: TODAY, completeness: () => 1 })).toEqual([]);
  });

  it("judges nothing for a day without a row (a paused campaign)", () => {
    const points = series(healthy).slice(0, -1);
    expect(detectAnomalies(points, { today: TODAY, completeness: () => 1 })).toEqual([]);
  });

  it("does not treat a 20% budget raise as a spend anomaly", () => {
    const raised = withYesterday(series(healthy), (point) => ({ ...point, spendMinor: point.spendMinor * 1.2 }));
    expect(judgeMetric(raised, "spend", { today: TODAY })).toBeNull();
  });
});
