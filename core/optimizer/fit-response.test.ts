import { describe, expect, it } from "vitest";
import type { DailyPoint } from "./engine-types.ts";
import { fitCampaigns } from "./fit-response.ts";
import { hill, seededRandom } from "./response-curve.ts";

interface Truth {
  scale: number;
  half: number;
  shape: number;
  decay: number;
  weekday?: number[];
}

const START = Date.UTC(2026, 0, 5);
const dateOf = (day: number) => new Date(START + day * 86_400_000).toISOString().slice(0, 10);

/** Days of spend varied around `center` (held 4 days at a time), outcomes from the true curve with multiplicative noise of CV `cv`. */
function simulate(truth: Truth, days: number, center: number, cv: number, seed = 1): DailyPoint[] {
  const random = seededRandom(seed);
  const history: DailyPoint[] = [];
  let x = center;
  let spend = center;
  for (let day = 0; day < days; day++) {
    if (day % 4 === 0) spend = center * Math.exp(1.2 * (random() - 0.5) * 2);
    x = (1 - truth.decay) * spend + truth.decay * x;
    const weekday = truth.weekday?.[new Date(START + day * 86_400_000).getUTCDay()] ?? 1;
    const expected = truth.scale * weekday * hill(x, truth.half, truth.shape);
    const z = Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
    const sigma = Math.sqrt(Math.log(1 + cv * cv));
    const conversions = expected * Math.exp(sigma * z - (sigma * sigma) / 2);
    history.push({ date: dateOf(day), spend, conversions, revenue: conversions * 50 });
  }
  return history;
}

const steady = (truth: Truth, spend: number) => truth.scale * hill(spend, truth.half, truth.shape);

const CURVES: [string, Truth][] = [
  ["bends at once (shape 0.8)", { scale: 200, half: 300, shape: 0.8, decay: 0 }],
  ["S-shaped with carry-over (shape 2, decay 0.5)", { scale: 120, half: 400, shape: 2, decay: 0.5 }],
  [
    "simple saturation with a weekday pattern",
    {
      scale: 80,
      half: 150,
      shape: 1.2,
      decay: 0.25,
      weekday: [0.8, 1.15, 1.1, 1.05, 1, 1, 0.9],
    },
  ],
];

describe("fitCampaigns", () => {
  it.each(CURVES)(
    "recovers a known curve (%s) within 15% over the spend range it saw, from 120 days with 15% noise",
    (_, truth) => {
      const history = simulate(truth, 120, truth.half, 0.15);
      const fit = fitCampaigns({ objective: "conversions", campaigns: [{ id: "a", history }] }).get("a");
      expect(fit).toBeDefined();
      if (!fit) return;
      for (const factor of [0.5, 0.75, 1, 1.5, 2]) {
        const spend = truth.half * factor;
        const predicted = fit.predict(spend);
        const actual = steady(truth, spend);
        expect(Math.abs(predicted.mean - actual) / actual).toBeLessThan(0.15);
        expect(predicted.low).toBeLessThanOrEqual(predicted.mean);
        expect(predicted.high).toBeGreaterThanOrEqual(predicted.mean);
      }
      expect(fit.historyDays).toBe(120);
      expect(fit.pooled).toBe(false);
      expect(fit.confidence).toBeGreaterThan(0.5);
      expect(fit.observedSpend.max).toBeGreaterThan(fit.observedSpend.min);
    },
  );

  it("gives a marginal return within 25% of the true slope inside the observed range", () => {
    const truth: Truth = { scale: 200, half: 300, shape: 1, decay: 0.2 };
    const fit = fitCampaigns({
      objective: "conversions",
      campaigns: [{ id: "a", history: simulate(truth, 150, 300, 0.1, 7) }],
    }).get("a");
    if (!fit) throw new Error("no fit");
    for (const spend of [200, 300, 450]) {
      const slope = (truth.scale * truth.half) / (truth.half + spend) ** 2;
      expect(Math.abs(fit.marginal(spend) - slope) / slope).toBeLessThan(0.25);
    }
    // Where the next unit buys half what the first did: h(√2 − 1) for shape 1, within 35%.
    const expected = truth.half * (Math.SQRT2 - 1);
    expect(Math.abs(fit.halfSaturationSpend - expected) / expected).toBeLessThan(0.35);
  });

  it("puts the truth inside the 80% interval at most spend levels, and widens it away from the data", () => {
    const truth: Truth = { scale: 100, half: 200, shape: 1.3, decay: 0.3 };
    let inside = 0;
    let total = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const fit = fitCampaigns({
        objective: "conversions",
        campaigns: [{ id: "a", history: simulate(truth, 60, 200, 0.3, seed) }],
      }).get("a");
      if (!fit) throw new Error("no fit");
      for (const spend of [120, 200, 320]) {
        const p = fit.predict(spend);
        const actual = steady(truth, spend);
        total++;
        if (actual >= p.low && actual <= p.high) inside++;
      }
      const near = fit.predict(200);
      const far = fit.predict(2_000);
      expect((far.high - far.low) / far.mean).toBeGreaterThan((near.high - near.low) / near.mean);
    }
    expect(inside / total).toBeGreaterThanOrEqual(0.6);
  });

  it("scales up the days still incomplete (conversion lag) instead of reading them as a drop", () => {
    const truth: Truth = { scale: 100, half: 200, shape: 1, decay: 0 };
    const history = simulate(truth, 60, 200, 0.05, 3);
    const completeness = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95];
    const today = dateOf(60);
    // The last days as a sync sees them: only part of their conversions have arrived.
    const lagged = history.map((p, i) => {
      const age = 60 - i;
      const share = completeness[age] ?? 1;
      return { ...p, conversions: p.conversions * share, revenue: p.revenue * share };
    });
    const withLag = fitCampaigns({
      objective: "conversions",
      today,
      campaigns: [{ id: "a", history: lagged, completeness }],
    }).get("a");
    const complete = fitCampaigns({ objective: "conversions", today, campaigns: [{ id: "a", history }] }).get("a");
    if (!withLag || !complete) throw new Error("no fit");
    expect(Math.abs(withLag.predict(200).mean - complete.predict(200).mean) / complete.predict(200).mean).toBeLessThan(
      0.03,
    );
  });

  it("fits revenue when the objective is revenue", () => {
    const truth: Truth = { scale: 100, half: 200, shape: 1, decay: 0 };
    const history = simulate(truth, 90, 200, 0.1, 5);
    const fit = fitCampaigns({ objective: "revenue", campaigns: [{ id: "a", history }] }).get("a");
    if (!fit) throw new Error("no fit");
    expect(fit.objective).toBe("revenue");
    expect(Math.abs(fit.predict(200).mean - 50 * steady(truth, 200)) / (50 * steady(truth, 200))).toBeLessThan(0.15);
  });

  it("lets a campaign with a few days borrow its pool's curve, and gives one without history the pool's return", () => {
    const truth: Truth = { scale: 100, half: 200, shape: 1, decay: 0.2 };
    const campaigns = [1, 2, 3].map((seed) => ({
      id: `old${seed}`,
      pool: "google-ads",
      history: simulate(truth, 90, 200, 0.2, seed),
    }));
    const young = { id: "young", pool: "google-ads", history: simulate(truth, 90, 200, 0.2, 9).slice(-3) };
    const unborn = { id: "unborn", pool: "google-ads", history: [] };
    const fits = fitCampaigns({ objective: "conversions", campaigns: [...campaigns, young, unborn] });
    const youngFit = fits.get("young");
    const unbornFit = fits.get("unborn");
    if (!youngFit || !unbornFit) throw new Error("no fit");
    expect(youngFit.pooled).toBe(true);
    expect(youngFit.historyDays).toBe(3);
    expect(unbornFit.pooled).toBe(true);
    expect(unbornFit.confidence).toBe(0);
    // The young one takes the pool's shape: its curve's rise from 200 to 400 within 15% of the truth's.
    const rise = youngFit.predict(400).mean / youngFit.predict(200).mean;
    const trueRise = steady(truth, 400) / steady(truth, 200);
    expect(Math.abs(rise - trueRise) / trueRise).toBeLessThan(0.15);
    // The one without history lands within 20% of the true outcome at the pool's usual spend.
    expect(Math.abs(unbornFit.predict(200).mean - steady(truth, 200)) / steady(truth, 200)).toBeLessThan(0.2);
    expect(fits.get("old1")?.pooled).toBe(false);
  });

  it("predicts nothing and claims no confidence for a campaign alone without history", () => {
    const fit = fitCampaigns({ objective: "conversions", campaigns: [{ id: "a", history: [] }] }).get("a");
    expect(fit?.confidence).toBe(0);
    expect(fit?.predict(100)).toEqual({ mean: 0, low: 0, high: 0 });
  });
});
