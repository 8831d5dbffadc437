// Seeded synthetic markets for bench:optimizer, their oracle and the two baselines.
//   Per campaign: a Hill curve (shape 0.6 … 2.5, S-shaped included), half-saturation spread over
//   a 25× range, scale (conversions a day at saturation) over 20× (0.5 … 10 by default: few
//   conversions a day, so counting noise matters), geometric adstock (decay 0 … 0.7), weekday
//   multipliers (±20%), noise: Poisson conversions over a lognormal multiplier (CV 20–60%),
//   revenue = conversions × order value with noise. 3–12 campaigns; budgets from 0.14 to 2 times
//   the sum of half-saturation points; maxDailyChange null, 0.3 or 0.5; some minimums and
//   maximums. The shift variant multiplies some campaigns' scale or half-saturation by ×0.4 … ×2.5
//   at mid-run. JUDGE_MARKETS (the default) makes the baselines score what issue 18 quotes for the
//   external judge (even ≈ 77%, trailing ROAS ≈ 85% at 90 days); LEGACY_MARKETS is the first,
//   easier generator (scale 3 … 60, budgets 0.2 … 3×).
//   The oracle each day maximises the TRUE steady-state expected outcome of that weekday under the
//   min/max bounds (no change limit: a stronger oracle); our score counts the expected outcome of
//   each day's allocation under the true model with its actual adstock state.
import { allocateBudget } from "#core/optimizer/allocate-budget.ts";
import type { CampaignFit, OptimizerObjective } from "#core/optimizer/engine-types.ts";
import { hill, seededRandom } from "#core/optimizer/response-curve.ts";

export interface TrueCampaign {
  id: string;
  scale: number;
  half: number;
  shape: number;
  decay: number;
  weekday: number[];
  noiseCv: number;
  orderValue: number;
  min: number;
  max: number | null;
  /** After the shift day (the shift variant only). */
  shifted: { scale: number; half: number };
}

export interface Market {
  seed: number;
  objective: OptimizerObjective;
  budget: number;
  maxDailyChange: number | null;
  days: number;
  shiftDay: number | null;
  campaigns: TrueCampaign[];
}

const logUniform = (random: () => number, low: number, high: number) =>
  Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low)));

function normal(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/**
 * How varied a generated market is. `JUDGE_MARKETS` (the default) is tuned so that the baselines
 * score what issue 18 quotes for the external judge's markets (even split ≈ 77%, trailing ROAS ≈ 85%
 * at 90 days); `LEGACY_MARKETS` (--markets-legacy) is the first, easier generator.
 */
export interface MarketProfile {
  /** Conversions a day at saturation: log-uniform over [low, high]. */
  scale: [number, number];
  /** Each campaign's half-saturation ÷ the market's base: log-uniform over [low, high]. */
  halfSpread: [number, number];
  /** Shape range (Hill exponent). */
  shape: [number, number];
  /** The budget ÷ Σ half-saturation points: log-uniform over [low, high]. */
  budget: [number, number];
  /** Noise CV range. */
  noise: [number, number];
  /** Order value range (revenue objective). */
  orderValue: [number, number];
}

export const LEGACY_MARKETS: MarketProfile = {
  scale: [3, 60],
  halfSpread: [0.2, 5],
  shape: [0.6, 2.5],
  budget: [0.2, 3],
  noise: [0.2, 0.6],
  orderValue: [20, 200],
};

export const JUDGE_MARKETS: MarketProfile = {
  ...LEGACY_MARKETS,
  // Fewer conversions a day (counting noise matters, as in small accounts) and tighter budgets.
  scale: [0.5, 10],
  budget: [0.14, 2],
};

export function makeMarket(seed: number, days: number, shift: boolean, profile: MarketProfile = JUDGE_MARKETS): Market {
  const random = seededRandom(seed * 7919 + 17);
  const count = 3 + Math.floor(random() * 10);
  const baseHalf = logUniform(random, 20, 500);
  const campaigns: TrueCampaign[] = [];
  for (let i = 0; i < count; i++) {
    const weekday = Array.from({ length: 7 }, () => 0.8 + 0.4 * random());
    const mean = weekday.reduce((a, b) => a + b, 0) / 7;
    campaigns.push({
      id: `c${i + 1}`,
      scale: logUniform(random, ...profile.scale),
      half: baseHalf * logUniform(random, ...profile.halfSpread),
      shape: profile.shape[0] + random() * (profile.shape[1] - profile.shape[0]),
      decay: random() * 0.7,
      weekday: weekday.map((w) => w / mean),
      noiseCv: profile.noise[0] + random() * (profile.noise[1] - profile.noise[0]),
      orderValue: logUniform(random, ...profile.orderValue),
      min: 0,
      max: null,
      shifted: { scale: 0, half: 0 },
    });
  }
  const halfSum = campaigns.reduce((s, c) => s + c.half, 0);
  const budget = halfSum * logUniform(random, ...profile.budget);
  for (const c of campaigns) {
    if (random() < 0.2) c.min = (budget / count) * (0.05 + 0.2 * random());
    if (random() < 0.2) c.max = (budget / count) * (0.8 + 1.5 * random());
    c.shifted = { scale: c.scale, half: c.half };
  }
  const change = random();
  const maxDailyChange = change < 0.4 ? null : change < 0.8 ? 0.3 : 0.5;
  const objective: OptimizerObjective = random() < 0.5 ? "conversions" : "revenue";
  if (shift) {
    let moved = 0;
    campaigns.forEach((c, i) => {
      if (random() < 0.5 || (i === campaigns.length - 1 && moved === 0)) {
        moved++;
        const up = random() < 0.5;
        const factor = up ? logUniform(random, 1.25, 2.5) : logUniform(random, 0.4, 0.8);
        if (random() < 0.5) c.shifted.scale = c.scale * factor;
        else c.shifted.half = c.half * factor;
      }
    });
  }
  return {
    seed,
    objective,
    budget,
    maxDailyChange,
    days,
    shiftDay: shift ? Math.floor(days / 2) : null,
    campaigns,
  };
}

/** The true expected outcome per unit of the curve (conversions or revenue). */
const unit = (market: Market, c: TrueCampaign) => (market.objective === "revenue" ? c.orderValue : 1);

function params(market: Market, c: TrueCampaign, day: number) {
  const after = market.shiftDay !== null && day >= market.shiftDay;
  return after ? c.shifted : { scale: c.scale, half: c.half };
}

/** 2026-01-05 is a Monday; day d's weekday (getUTCDay). */
export const START_EPOCH = Math.round(Date.UTC(2026, 0, 5) / 86_400_000);
export const dateOf = (day: number) => new Date((START_EPOCH + day) * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: number) => (START_EPOCH + day + 4) % 7;

function trueFit(market: Market, c: TrueCampaign, day: number): CampaignFit {
  const { scale, half } = params(market, c, day);
  const factor = scale * unit(market, c) * (c.weekday[weekdayOf(day)] ?? 1);
  const mean = (s: number) => factor * hill(s, half, c.shape);
  return {
    id: c.id,
    objective: market.objective,
    historyDays: 0,
    pooled: false,
    confidence: 1,
    predict: (s) => {
      const m = mean(s);
      return { mean: m, low: m, high: m };
    },
    marginal: (s) => (mean(s + 1e-6 * (1 + s)) - mean(s)) / (1e-6 * (1 + s)),
    halfSaturationSpend: half,
    observedSpend: { min: 0, max: 0 },
  };
}

/** The oracle's expected outcome on a day: the best steady-state allocation of the true curves. */
export function oracleOutcome(market: Market, day: number): number {
  const result = allocateBudget({
    objective: market.objective,
    budget: market.budget,
    campaigns: market.campaigns.map((c) => ({
      id: c.id,
      fit: trueFit(market, c, day),
      previousSpend: null,
      min: c.min,
      max: c.max,
    })),
    maxDailyChange: null,
    explorationShare: 0,
  });
  return result.predicted.mean;
}

export interface DayRecord {
  date: string;
  spend: number;
  conversions: number;
  revenue: number;
}

/** Runs one policy over a market: expected outcome (true model, actual adstock) ÷ the oracle's. */
export async function runMarket(
  market: Market,
  decide: (request: object, histories: DayRecord[][]) => Promise<Record<string, number>>,
  /** Called after each day with that day's expected outcome and the oracle's (for diagnostics). */
  onDay?: (day: number, ours: number, oracle: number) => void,
): Promise<number> {
  const noise = seededRandom(market.seed * 104_729 + 3);
  const histories: DayRecord[][] = market.campaigns.map(() => []);
  const adstock = market.campaigns.map(() => 0);
  const oracleCache = new Map<string, number>();
  let ours = 0;
  let oracle = 0;
  for (let day = 0; day < market.days; day++) {
    const request = {
      day: dateOf(day),
      objective: market.objective,
      budget: market.budget,
      maxDailyChange: market.maxDailyChange,
      campaigns: market.campaigns.map((c, i) => ({ id: c.id, min: c.min, max: c.max, history: histories[i] })),
    };
    const allocation = await decide(request, histories);
    const regime = market.shiftDay !== null && day >= market.shiftDay ? 1 : 0;
    const key = `${regime}:${weekdayOf(day)}`;
    let best = oracleCache.get(key);
    if (best === undefined) {
      best = oracleOutcome(market, day);
      oracleCache.set(key, best);
    }
    oracle += best;
    const oursBefore = ours;
    market.campaigns.forEach((c, i) => {
      const spend = Math.max(0, allocation[c.id] ?? 0);
      adstock[i] = (1 - c.decay) * spend + c.decay * (adstock[i] ?? 0);
      const { scale, half } = params(market, c, day);
      const expectedConversions = scale * (c.weekday[weekdayOf(day)] ?? 1) * hill(adstock[i] ?? 0, half, c.shape);
      ours += expectedConversions * unit(market, c);
      const sigma = Math.sqrt(Math.log(1 + c.noiseCv * c.noiseCv));
      const multiplier = Math.exp(sigma * normal(noise) - (sigma * sigma) / 2);
      const conversions = poisson(noise, expectedConversions * multiplier);
      const revenue = conversions * c.orderValue * Math.exp(0.15 * normal(noise) - 0.01125);
      histories[i]?.push({ date: dateOf(day), spend, conversions, revenue: Math.round(revenue * 100) / 100 });
    });
    onDay?.(day, ours - oursBefore, best);
  }
  return oracle > 0 ? ours / oracle : 1;
}

/** Spreads `weights` proportionally inside each campaign's bounds (min/max, the change window), summing to the budget where possible. */
export function proportional(market: Market, histories: DayRecord[][], weights: number[]): Record<string, number> {
  const low: number[] = [];
  const high: number[] = [];
  market.campaigns.forEach((c, i) => {
    let lo = c.min;
    let hi = c.max ?? Number.POSITIVE_INFINITY;
    const last = histories[i]?.[histories[i].length - 1];
    if (market.maxDailyChange !== null && last && last.spend > 0) {
      lo = Math.max(lo, last.spend * (1 - market.maxDailyChange));
      hi = Math.min(hi, last.spend * (1 + market.maxDailyChange));
      if (lo > hi) lo = hi = Math.min(Math.max(lo, c.min), c.max ?? Number.POSITIVE_INFINITY);
    }
    low.push(lo);
    high.push(Math.max(lo, hi));
  });
  const lowSum = low.reduce((a, b) => a + b, 0);
  const answer: Record<string, number> = {};
  if (lowSum >= market.budget) {
    market.campaigns.forEach((c, i) => {
      answer[c.id] = ((low[i] ?? 0) * market.budget) / lowSum;
    });
    return answer;
  }
  const total = (level: number) =>
    weights.reduce((s, w, i) => s + Math.min(high[i] ?? 0, Math.max(low[i] ?? 0, level * w)), 0);
  let below = 0;
  let above = 1;
  while (total(above) < market.budget && above < 1e15) above *= 2;
  for (let i = 0; i < 60; i++) {
    const mid = (below + above) / 2;
    if (total(mid) > market.budget) above = mid;
    else below = mid;
  }
  market.campaigns.forEach((c, i) => {
    answer[c.id] = Math.min(high[i] ?? 0, Math.max(low[i] ?? 0, below * (weights[i] ?? 0)));
  });
  return answer;
}

export const evenSplit = (market: Market, histories: DayRecord[][]) =>
  proportional(
    market,
    histories,
    market.campaigns.map(() => 1),
  );

/** Proportional to the trailing 7 days' return on spend (even on the first day). */
export function trailingReturn(market: Market, histories: DayRecord[][]): Record<string, number> {
  const weights = market.campaigns.map((_, i) => {
    const recent = (histories[i] ?? []).slice(-7);
    const spend = recent.reduce((s, d) => s + d.spend, 0);
    const outcome = recent.reduce((s, d) => s + (market.objective === "revenue" ? d.revenue : d.conversions), 0);
    return spend > 0 ? Math.max(1e-6, outcome / spend) : 1;
  });
  if (histories[0]?.length === 0) return evenSplit(market, histories);
  const mean = weights.reduce((a, b) => a + b, 0) / weights.length;
  return proportional(
    market,
    histories,
    weights.map((w) => w / mean),
  );
}
