// Daily greedy refit baselines with simple, well-known models (bench:optimizer --baselines): each
//   day every campaign's curve is refitted on its recent history and the budget is water-filled on
//   the fitted means (allocateBudget, no exploration, no trust region), inside the same bounds.
//   - power: conv = a·spend^b by log-log least squares on the last WINDOW days (log(y + ½ unit)),
//     b shrunk toward ½ by a ridge of RIDGE pseudo-days and clamped to [0.05, 0.95];
//   - saturation: conv = A·(1 − exp(−x/k)) on adstocked spend x (decay 0, 0.3, 0.6), k on a log
//     grid around the campaign's mean spend, A by least squares; the smallest squared error wins
//     (ties, e.g. a flat spend, go to k near the mean spend).
//   Deterministic: no random numbers.
import { allocateBudget } from "#core/optimizer/allocate-budget.ts";
import type { CampaignFit } from "#core/optimizer/engine-types.ts";
import type { DayRecord, Market } from "./optimizer-markets.ts";

const WINDOW = 42;
const RIDGE = 3;

type Curve = (spend: number) => number;

function asFit(id: string, market: Market, curve: Curve): CampaignFit {
  return {
    id,
    objective: market.objective,
    historyDays: 0,
    pooled: false,
    confidence: 1,
    predict: (s) => {
      const m = curve(s);
      return { mean: m, low: m, high: m };
    },
    marginal: (s) => {
      const h = 1e-4 * (1 + s);
      return (curve(s + h) - curve(s)) / h;
    },
    halfSaturationSpend: 0,
    observedSpend: { min: 0, max: 0 },
  };
}

const outcomeOf = (market: Market, d: DayRecord) => (market.objective === "revenue" ? d.revenue : d.conversions);

/** The outcome of one conversion (counting noise's unit). */
function unitOf(market: Market, days: DayRecord[]): number {
  if (market.objective === "conversions") return 1;
  const conversions = days.reduce((s, d) => s + d.conversions, 0);
  const revenue = days.reduce((s, d) => s + d.revenue, 0);
  return conversions > 0 ? revenue / conversions : 1;
}

/** Greedy water-filling of the day's budget over the fitted curves, inside the market's bounds. */
function greedy(market: Market, histories: DayRecord[][], curves: Curve[]): Record<string, number> {
  const result = allocateBudget({
    objective: market.objective,
    budget: market.budget,
    campaigns: market.campaigns.map((c, i) => ({
      id: c.id,
      fit: asFit(c.id, market, curves[i] ?? (() => 0)),
      previousSpend: histories[i]?.at(-1)?.spend ?? null,
      min: c.min,
      max: c.max,
    })),
    maxDailyChange: market.maxDailyChange,
    explorationShare: 0,
  });
  const answer: Record<string, number> = {};
  for (const c of market.campaigns) answer[c.id] = result.allocation.get(c.id) ?? 0;
  return answer;
}

function evenIfNew(market: Market, histories: DayRecord[][]): Record<string, number> | null {
  if ((histories[0]?.length ?? 0) > 0) return null;
  return greedy(
    market,
    histories,
    market.campaigns.map(() => (s: number) => Math.sqrt(s)),
  );
}

/** conv = a·spend^b, log-log least squares on the recent window, b ridged toward ½. */
export function powerLawRefit(market: Market, histories: DayRecord[][]): Record<string, number> {
  const first = evenIfNew(market, histories);
  if (first) return first;
  const curves = histories.map((history) => {
    const days = history.slice(-WINDOW).filter((d) => d.spend > 0);
    if (days.length === 0) return (s: number) => Math.sqrt(s);
    const unit = unitOf(market, days);
    const xs = days.map((d) => Math.log(d.spend));
    const ys = days.map((d) => Math.log(outcomeOf(market, d) + 0.5 * unit));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxy = 0;
    let sxx = 0;
    xs.forEach((x, i) => {
      sxy += (x - mx) * ((ys[i] ?? 0) - my);
      sxx += (x - mx) ** 2;
    });
    // Ridge toward b = ½: RIDGE pseudo-days at a spread of log 2.
    const ridge = RIDGE * Math.LN2 ** 2;
    const b = Math.min(0.95, Math.max(0.05, (sxy + 0.5 * ridge) / (sxx + ridge)));
    const logA = my - b * mx;
    // Back to the mean scale: exp(mean log) underestimates the mean; the ratio of means fixes the level.
    const a = Math.exp(logA);
    const observed = days.reduce((s, d) => s + outcomeOf(market, d), 0);
    const fitted = days.reduce((s, d) => s + a * d.spend ** b, 0);
    const level = fitted > 0 && observed > 0 ? observed / fitted : fitted > 0 ? 0.1 : 1;
    return (s: number) => (s > 0 ? level * a * s ** b : 0);
  });
  return greedy(market, histories, curves);
}

const DECAYS = [0, 0.3, 0.6];
const K_RATIOS = Array.from({ length: 17 }, (_, i) => 2 ** (-4 + i / 2));

/** conv = A·(1 − exp(−x/k)) on adstocked spend, least squares over a (decay, k) grid. */
export function saturationRefit(market: Market, histories: DayRecord[][]): Record<string, number> {
  const first = evenIfNew(market, histories);
  if (first) return first;
  const curves = histories.map((history) => {
    const all = history.slice(-(WINDOW + 14));
    const spends = all.map((d) => d.spend);
    const ys = all.map((d) => outcomeOf(market, d));
    const start = Math.max(0, all.length - WINDOW);
    const recent = spends.slice(start).filter((s) => s > 0);
    if (recent.length === 0) return (s: number) => Math.sqrt(s);
    const meanSpend = recent.reduce((a, b) => a + b, 0) / recent.length;
    let best = { sse: Number.POSITIVE_INFINITY, A: 0, k: meanSpend };
    for (const decay of DECAYS) {
      const x: number[] = [];
      let state = spends[0] ?? 0;
      for (const s of spends) {
        state = (1 - decay) * s + decay * state;
        x.push(state);
      }
      for (const ratio of K_RATIOS) {
        const k = ratio * meanSpend;
        let syg = 0;
        let sgg = 0;
        let syy = 0;
        for (let t = start; t < all.length; t++) {
          const g = 1 - Math.exp(-(x[t] ?? 0) / k);
          const y = ys[t] ?? 0;
          syg += y * g;
          sgg += g * g;
          syy += y * y;
        }
        const A = sgg > 0 ? Math.max(0, syg / sgg) : 0;
        const sse = (syy - 2 * A * syg + A * A * sgg) * (1 + 1e-3 * Math.abs(Math.log(ratio)));
        if (sse < best.sse - 1e-12) best = { sse, A, k };
      }
    }
    const { A, k } = best;
    return (s: number) => (s > 0 ? A * (1 - Math.exp(-s / k)) : 0);
  });
  return greedy(market, histories, curves);
}
