/**
 * fitCampaigns: one response model per campaign (engine-types.ts has the contract).
 *
 * Each campaign's posterior is a grid over (adstock decay, Hill shape, half-saturation) with the
 * scale in closed form (fit-grid.ts), on its history weighted by completeness and recency
 * (fit-data.ts). Partial pooling: a campaign with fewer than POOL_DAYS days of its own takes a
 * prior that mixes the base prior with its pool's typical shape, decay and half-saturation
 * (relative to spend), weighted by how little it has; a campaign with no spend at all takes its
 * pool's curve outright (its typical return on spend at the pool's typical spend).
 */
import type { CampaignFit, CampaignHistory, Interval, OptimizerObjective } from "./engine-types.ts";
import { epochDay, type FitData, prepareFitData } from "./fit-data.ts";
import {
  basePrior,
  fitGrid,
  fitTuning,
  GRID_SIZE,
  type GridPosterior,
  HALF_RATIOS,
  topComponents,
} from "./fit-grid.ts";
import { type CurveComponent, mixtureAt, mixtureMean } from "./response-curve.ts";

/** Below this many days with spend, the pool's prior weighs in. */
export const POOL_DAYS = 21;
const Z80 = 1.2816;

export interface FitInput {
  objective: OptimizerObjective;
  campaigns: CampaignHistory[];
  /** YYYY-MM-DD: the day the fit is for (ages of the history's days count from it); default the day after the latest history day. */
  today?: string;
  /** The forgetting half-life in days (default fit-data.ts HALF_LIFE_DAYS). */
  halfLifeDays?: number;
  /**
   * Replaces a campaign's base prior over the grid (log weights); bench/optimizer-regret.ts pins
   * one true parameter at a time to measure what estimating it costs.
   */
  priorOverride?: (campaignId: string, referenceSpend: number, base: Float64Array) => Float64Array;
}

interface Fitted {
  campaign: CampaignHistory;
  data: FitData;
  posterior: GridPosterior | null;
}

export function fitCampaigns(input: FitInput): Map<string, CampaignFit> {
  const todayEpoch = input.today ? epochDay(input.today) : latestDay(input.campaigns) + 1;
  const prepared = input.campaigns.map((campaign) => ({
    campaign,
    data: prepareFitData(campaign, input.objective, todayEpoch, input.halfLifeDays),
  }));
  const typical = typicalSpend(prepared);
  const poolReturn = poolReturns(prepared);
  // The level's prior: a day and a half at the pool's return on spend (keeps one unlucky day from
  // writing a campaign off, and one lucky day from taking the budget).
  const anchorOf = (campaign: CampaignHistory, data: FitData) => ({
    outcome: (poolReturn.get(campaign.pool ?? "") ?? 0) * data.referenceSpend,
    days: fitTuning.anchorDays,
  });
  const priorOf = (campaign: CampaignHistory, data: FitData) => {
    const base = basePrior((typical.get(campaign.pool ?? "") ?? data.referenceSpend) / data.referenceSpend);
    return input.priorOverride ? input.priorOverride(campaign.id, data.referenceSpend, base) : base;
  };
  const fitted: Fitted[] = prepared.map(({ campaign, data }) => ({
    campaign,
    data,
    posterior: data.spendDays > 0 ? fitGrid(data, priorOf(campaign, data), anchorOf(campaign, data)) : null,
  }));
  const pools = poolSummaries(fitted);
  const result = new Map<string, CampaignFit>();
  for (const item of fitted) {
    const pool = pools.get(item.campaign.pool ?? "") ?? null;
    const { data } = item;
    let posterior = item.posterior;
    let pooled = false;
    if (pool && posterior && data.spendDays < POOL_DAYS && pool.members > 0) {
      // Mix the pool's typical curve into the prior, the less own data the more.
      const share = 1 - data.spendDays / POOL_DAYS;
      const prior = priorOf(item.campaign, data);
      const mixed = new Float64Array(GRID_SIZE);
      // The pool's grid is relative to the pool's typical spend; this campaign's to its own.
      const poolGrid = shiftHalf(pool.grid, halfSteps(pool.referenceSpend, data.referenceSpend));
      for (let i = 0; i < GRID_SIZE; i++) {
        mixed[i] = Math.log((1 - share) * Math.exp(prior[i] ?? 0) + share * (poolGrid[i] ?? 0) + 1e-12);
      }
      posterior = fitGrid(data, mixed, anchorOf(item.campaign, data));
      pooled = share > 0.5;
    }
    if (posterior) {
      const components = topComponents(posterior, data.referenceSpend);
      result.set(item.campaign.id, buildFit(item.campaign.id, input.objective, data, components, posterior, pooled));
    } else {
      result.set(item.campaign.id, priorFit(item.campaign.id, input.objective, data, pool));
    }
  }
  return result;
}

/** Per pool, Σ outcome ÷ Σ spend over its campaigns (recency-weighted). */
function poolReturns(prepared: { campaign: CampaignHistory; data: FitData }[]): Map<string, number> {
  const sums = new Map<string, { outcome: number; spend: number }>();
  for (const { campaign, data } of prepared) {
    const key = campaign.pool ?? "";
    const entry = sums.get(key) ?? { outcome: 0, spend: 0 };
    entry.outcome += data.outcomeSum;
    entry.spend += data.spendSum;
    sums.set(key, entry);
  }
  return new Map([...sums].map(([key, { outcome, spend }]) => [key, spend > 0 ? outcome / spend : 0]));
}

/** Per pool, the geometric mean of its campaigns' usual spend. */
function typicalSpend(prepared: { campaign: CampaignHistory; data: FitData }[]): Map<string, number> {
  const sums = new Map<string, { log: number; count: number }>();
  for (const { campaign, data } of prepared) {
    if (data.referenceSpend <= 0) continue;
    const key = campaign.pool ?? "";
    const entry = sums.get(key) ?? { log: 0, count: 0 };
    entry.log += Math.log(data.referenceSpend);
    entry.count++;
    sums.set(key, entry);
  }
  return new Map([...sums].map(([key, { log, count }]) => [key, Math.exp(log / count)]));
}

/** Grid steps (√2 each) that move a half-saturation ratio from `from`-relative to `to`-relative. */
function halfSteps(from: number, to: number): number {
  return from > 0 && to > 0 ? Math.round(2 * Math.log2(from / to)) : 0;
}

/** A grid of weights with every half-saturation index moved by `steps` (what falls off the edge piles up there). */
function shiftHalf(weights: Float64Array, steps: number): Float64Array {
  if (steps === 0) return weights;
  const out = new Float64Array(GRID_SIZE);
  const count = HALF_RATIOS.length;
  for (let i = 0; i < GRID_SIZE; i++) {
    const h = i % count;
    const moved = Math.min(count - 1, Math.max(0, h + steps));
    out[i - h + moved] = (out[i - h + moved] ?? 0) + (weights[i] ?? 0);
  }
  return out;
}

function latestDay(campaigns: CampaignHistory[]): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const c of campaigns) {
    const last = c.history[c.history.length - 1];
    if (last) latest = Math.max(latest, epochDay(last.date));
  }
  return Number.isFinite(latest) ? latest : Math.floor(Date.now() / 86_400_000);
}

interface PoolSummary {
  members: number;
  /** Average posterior over the grid of the members with enough days. */
  grid: Float64Array;
  /** The members' median usual spend. */
  referenceSpend: number;
  components: CurveComponent[];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function poolSummaries(fitted: Fitted[]): Map<string, PoolSummary> {
  const byPool = new Map<string, Fitted[]>();
  for (const item of fitted) {
    const key = item.campaign.pool ?? "";
    const list = byPool.get(key) ?? [];
    list.push(item);
    byPool.set(key, list);
  }
  const summaries = new Map<string, PoolSummary>();
  for (const [key, items] of byPool) {
    const donors = items.filter((i) => i.posterior && i.data.spendDays >= POOL_DAYS);
    const withSpend = items.filter((i) => i.posterior);
    const referenceSpend = median(withSpend.map((i) => i.data.referenceSpend));
    const grid = new Float64Array(GRID_SIZE);
    for (const donor of donors) {
      const weights = donor.posterior?.weights;
      if (!weights) continue;
      const shifted = shiftHalf(weights, halfSteps(donor.data.referenceSpend, referenceSpend));
      for (let i = 0; i < GRID_SIZE; i++) grid[i] = (grid[i] ?? 0) + (shifted[i] ?? 0) / donors.length;
    }
    // The pool's curve for a campaign without spend: the members' mean posterior, with the
    // pool's typical return at its typical spend.
    let components: CurveComponent[] = [];
    if (withSpend.length > 0 && referenceSpend > 0) {
      const source: GridPosterior = {
        weights: donors.length > 0 ? grid : (withSpend[0]?.posterior?.weights ?? grid),
        scales: new Float64Array(GRID_SIZE).fill(1),
        exposure: new Float64Array(GRID_SIZE).fill(1),
        dispersion: 1,
        weekdayFactors: [1, 1, 1, 1, 1, 1, 1],
      };
      components = topComponents(source, referenceSpend, 0.99, 16).map((c) => ({ ...c, scaleRse: 0.6 }));
      // The members' typical outcome at the pool's typical spend, by their own curves.
      const typicalOutcome = median(
        withSpend.map((i) =>
          i.posterior ? mixtureMean(topComponents(i.posterior, i.data.referenceSpend), referenceSpend) : 0,
        ),
      );
      const atReference = mixtureMean(components, referenceSpend);
      const factor = atReference > 0 ? typicalOutcome / atReference : 0;
      for (const c of components) c.scale *= factor;
    }
    summaries.set(key, {
      members: donors.length,
      grid,
      referenceSpend,
      components,
    });
  }
  return summaries;
}

function interval(components: readonly CurveComponent[], spend: number): Interval {
  const { mean, sd } = mixtureAt(components, spend);
  return { mean, low: Math.max(0, mean - Z80 * sd), high: mean + Z80 * sd };
}

function makeMarginal(components: readonly CurveComponent[], reference: number) {
  return (spend: number): number => {
    const step = Math.max(1e-6, 0.01 * Math.max(spend, 0.05 * reference));
    const low = Math.max(0, spend - step);
    const high = spend + step;
    return (mixtureMean(components, high) - mixtureMean(components, low)) / (high - low);
  };
}

/** Where the marginal falls to half of its highest value (scanning past the steepest point). */
function halfSaturation(marginal: (spend: number) => number, reference: number): number {
  let peak = 0;
  let peakAt = 0;
  const points: number[] = [];
  for (let i = 0; i <= 60; i++) points.push(reference * 2 ** (-6 + i * 0.2));
  const values = points.map((s) => marginal(s));
  for (let i = 0; i < values.length; i++) {
    if ((values[i] ?? 0) > peak) {
      peak = values[i] ?? 0;
      peakAt = i;
    }
  }
  for (let i = peakAt; i < values.length; i++) {
    if ((values[i] ?? 0) <= peak / 2) return points[i] ?? reference;
  }
  return points[points.length - 1] ?? reference;
}

/** A posterior draw: a grid point by its weight, its scale from a lognormal around the fitted one. */
function sampleCurve(components: readonly CurveComponent[], random: () => number): (spend: number) => number {
  let u = random();
  let picked = components[components.length - 1];
  for (const c of components) {
    u -= c.weight;
    if (u <= 0) {
      picked = c;
      break;
    }
  }
  if (!picked) return () => 0;
  const z = Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const sigma = Math.sqrt(Math.log(1 + picked.scaleRse ** 2));
  const scale = picked.scale * Math.exp(sigma * z - (sigma * sigma) / 2);
  const { half, shape } = picked;
  return (spend) => (spend <= 0 ? 0 : scale / (1 + (half / spend) ** shape));
}

function buildFit(
  id: string,
  objective: OptimizerObjective,
  data: FitData,
  components: CurveComponent[],
  posterior: GridPosterior,
  pooled: boolean,
): CampaignFit {
  const reference = data.referenceSpend;
  const marginal = makeMarginal(components, reference);
  const atReference = interval(components, reference);
  const width = atReference.mean > 0 ? (atReference.high - atReference.low) / (2 * atReference.mean) : 1;
  const confidence = Math.max(0, Math.min(1, (1 - Math.min(1, width)) * (data.spendDays / (data.spendDays + 7))));
  return {
    id,
    objective,
    historyDays: data.n,
    pooled,
    confidence,
    predict: (spend) => interval(components, spend),
    sample: (random) => sampleCurve(components, random),
    marginal,
    halfSaturationSpend: halfSaturation(marginal, reference),
    observedSpend: { min: data.minSpend, max: data.maxSpend },
    weekdayFactors: posterior.weekdayFactors,
  };
}

function priorFit(id: string, objective: OptimizerObjective, data: FitData, pool: PoolSummary | null): CampaignFit {
  const components = pool?.components ?? [];
  const reference = pool?.referenceSpend ?? 0;
  const marginal = components.length > 0 ? makeMarginal(components, reference) : () => 0;
  return {
    id,
    objective,
    historyDays: data.n,
    pooled: true,
    confidence: 0,
    predict: (spend) => (components.length > 0 ? interval(components, spend) : { mean: 0, low: 0, high: 0 }),
    marginal,
    halfSaturationSpend: components.length > 0 ? halfSaturation(marginal, reference) : 0,
    observedSpend: { min: data.minSpend, max: data.maxSpend },
  };
}
