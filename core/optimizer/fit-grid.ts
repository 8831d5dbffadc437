/**
 * The posterior over one campaign's curve, on a grid: the nonlinear parameters (adstock decay,
 * Hill shape, half-saturation relative to the campaign's usual spend) are profiled on a small grid;
 * the scale in closed form (one reweighted least-squares step from the quasi-Poisson estimate, under
 * the variance V = unit·μ + κ·μ²: counting noise plus a multiplicative noise), with a level anchor
 * (pseudo-days at the pool's return on spend); each grid point weighs prior × exp(−Pearson χ² / 2φ),
 * the dispersion φ estimated from the best point and a prior. The weekday factors and the noise's κ
 * are estimated from the first pass's best point and used in a second pass.
 */
import type { FitData } from "./fit-data.ts";
import { adstockInto, type CurveComponent } from "./response-curve.ts";

export const DECAYS = [0, 0.25, 0.5, 0.7] as const;
export const SHAPES = [0.6, 0.85, 1.2, 1.7, 2.4] as const;
/** Half-saturation ÷ the campaign's own reference spend: 2^(−5) … 2^5 in steps of √2. */
export const HALF_RATIOS: readonly number[] = Array.from({ length: 21 }, (_, i) => 2 ** (-5 + i / 2));
export const GRID_SIZE = DECAYS.length * SHAPES.length * HALF_RATIOS.length;

export const gridIndex = (d: number, k: number, h: number) => (d * SHAPES.length + k) * HALF_RATIOS.length + h;

/**
 * The prior's and the noise model's settings, measured on bench:optimizer: the half-saturation's and
 * shape's prior spreads (log scale) and centres, the multiplicative noise's prior CV, the days of
 * prior behind the dispersion and the noise estimate, the weekday factors' shrinkage (in days of
 * data), and the level's anchor (pseudo-days at the pool's return on spend).
 */
export const fitTuning = {
  halfSd: Math.log(4),
  shapeSd: 0.8,
  noiseCv: 0.35,
  priorDays: 5,
  weekdayShrink: 4,
  weekday: true,
  anchorDays: 1.5,
  halfCenter: 1,
  shapeCenter: 1,
};

/**
 * The base prior (log weights): the half-saturation near `center` (÷ the campaign's own reference
 * spend) is likelier, decay flat, shape near 1. The center is the pool's typical spend, not the
 * campaign's own: a prior that followed the campaign's spend would say "wherever you spend, you are
 * at the bend" and keep the allocation where it is.
 */
export function basePrior(center = 1): Float64Array {
  const prior = new Float64Array(GRID_SIZE);
  const sd = fitTuning.halfSd;
  const logCenter = Math.log((center > 0 && Number.isFinite(center) ? center : 1) * fitTuning.halfCenter);
  for (let d = 0; d < DECAYS.length; d++) {
    for (let k = 0; k < SHAPES.length; k++) {
      const shapeLog = Math.log((SHAPES[k] ?? 1) / fitTuning.shapeCenter);
      for (let h = 0; h < HALF_RATIOS.length; h++) {
        const z = (Math.log(HALF_RATIOS[h] ?? 1) - logCenter) / sd;
        prior[gridIndex(d, k, h)] = -0.5 * z * z - 0.5 * (shapeLog / fitTuning.shapeSd) ** 2;
      }
    }
  }
  return prior;
}

export interface GridPosterior {
  /** Normalised posterior weights over the grid. */
  weights: Float64Array;
  scales: Float64Array;
  /** Fisher information of the scale per grid point (without the dispersion). */
  exposure: Float64Array;
  dispersion: number;
  weekdayFactors: number[];
}

const FLOOR = 1e-4;
const MAX_WEEKDAY = 1.6;
const MIN_WEEKDAY = 0.6;

interface PassResult {
  /** Pearson χ² per grid point under its own variance function. */
  chi: Float64Array;
  scales: Float64Array;
  exposure: Float64Array;
  best: number;
}

interface Scratch {
  x: Float64Array;
  logx: Float64Array;
  xk: Float64Array;
  wd: Float64Array;
}

/**
 * One pass over the grid. The variance of a day's outcome is V = unit·μ + κ·μ² (counts of size
 * `unit` plus a multiplicative noise of squared CV κ); the scale is one reweighted least-squares
 * step from the quasi-Poisson estimate.
 */
/** A prior on the level: `days` pseudo-days at the campaign's reference spend with outcome `outcome`. */
export interface LevelAnchor {
  outcome: number;
  days: number;
}

function gridPass(
  data: FitData,
  weekdayFactors: readonly number[],
  kappa: number,
  anchor: LevelAnchor | null,
  scratch: Scratch,
  /** The previous pass's scales: the reweighting starts from them instead of a quasi-Poisson pass. */
  starts: Float64Array | null = null,
): PassResult {
  const { n, spend, outcome, weight, weekday } = data;
  const unit = data.countUnit;
  const chi = new Float64Array(GRID_SIZE);
  const scales = new Float64Array(GRID_SIZE);
  const exposure = new Float64Array(GRID_SIZE);
  const { x, logx, xk, wd } = scratch;
  let sumWy = 0;
  for (let t = 0; t < n; t++) {
    wd[t] = weekdayFactors[weekday[t] ?? 0] ?? 1;
    sumWy += (weight[t] ?? 0) * (outcome[t] ?? 0);
  }
  const reference = data.referenceSpend;
  let best = 0;
  let bestChi = Number.POSITIVE_INFINITY;
  for (let d = 0; d < DECAYS.length; d++) {
    adstockInto(spend, DECAYS[d] ?? 0, x);
    for (let t = 0; t < n; t++) logx[t] = (x[t] ?? 0) > 0 ? Math.log((x[t] ?? 0) / reference) : -50;
    for (let k = 0; k < SHAPES.length; k++) {
      const shape = SHAPES[k] ?? 1;
      for (let t = 0; t < n; t++) xk[t] = Math.exp(shape * (logx[t] ?? 0));
      for (let h = 0; h < HALF_RATIOS.length; h++) {
        const hk = (HALF_RATIOS[h] ?? 1) ** shape;
        const g0 = 1 / (1 + hk);
        const m = anchor && anchor.outcome > 0 ? anchor.days : 0;
        const y0 = anchor?.outcome ?? 0;
        let start = starts?.[gridIndex(d, k, h)] ?? -1;
        if (!(start > 0)) {
          let sumWg = 0;
          for (let t = 0; t < n; t++) {
            const v = xk[t] ?? 0;
            const g = v / (v + hk);
            sumWg += (weight[t] ?? 0) * (wd[t] ?? 1) * (g < FLOOR ? FLOOR : g);
          }
          start = sumWg + m * g0 > 0 ? (sumWy + m * y0) / (sumWg + m * g0) : 0;
        }
        let syy = 0;
        let syg = 0;
        let sgg = 0;
        if (m > 0) {
          const mu0 = start * g0;
          const omega0 = m / (unit * mu0 + kappa * mu0 * mu0 + 1e-12);
          syy += omega0 * y0 * y0;
          syg += omega0 * y0 * g0;
          sgg += omega0 * g0 * g0;
        }
        for (let t = 0; t < n; t++) {
          const w = weight[t] ?? 0;
          if (w === 0) continue;
          const v = xk[t] ?? 0;
          let g = v / (v + hk);
          if (g < FLOOR) g = FLOOR;
          g *= wd[t] ?? 1;
          const mu = start * g;
          const variance = unit * mu + kappa * mu * mu + 1e-12;
          const omega = w / variance;
          const y = outcome[t] ?? 0;
          syy += omega * y * y;
          syg += omega * y * g;
          sgg += omega * g * g;
        }
        const index = gridIndex(d, k, h);
        const scale = sgg > 0 ? Math.max(0, syg / sgg) : 0;
        const value = syy - 2 * scale * syg + scale * scale * sgg;
        chi[index] = value;
        scales[index] = scale;
        exposure[index] = sgg;
        if (value < bestChi) {
          bestChi = value;
          best = index;
        }
      }
    }
  }
  return { chi, scales, exposure, best };
}

function unpack(index: number) {
  return {
    d: Math.floor(index / (SHAPES.length * HALF_RATIOS.length)),
    k: Math.floor(index / HALF_RATIOS.length) % SHAPES.length,
    h: index % HALF_RATIOS.length,
  };
}

/** The best point's expected outcome per day (without weekday factors). */
function bestCurve(data: FitData, pass: PassResult, scratch: Scratch): Float64Array {
  const { d, k, h } = unpack(pass.best);
  const { x } = scratch;
  adstockInto(data.spend, DECAYS[d] ?? 0, x);
  const shape = SHAPES[k] ?? 1;
  const half = (HALF_RATIOS[h] ?? 1) * data.referenceSpend;
  const scale = pass.scales[pass.best] ?? 0;
  const mu = new Float64Array(data.n);
  for (let t = 0; t < data.n; t++) {
    const v = (x[t] ?? 0) > 0 ? ((x[t] ?? 0) / half) ** shape : 0;
    mu[t] = (scale * v) / (1 + v);
  }
  return mu;
}

function weekdayFrom(data: FitData, mu: Float64Array): number[] {
  const observed = new Float64Array(7);
  const expected = new Float64Array(7);
  let total = 0;
  let weightSum = 0;
  for (let t = 0; t < data.n; t++) {
    const w = data.weight[t] ?? 0;
    const day = data.weekday[t] ?? 0;
    observed[day] = (observed[day] ?? 0) + w * (data.outcome[t] ?? 0);
    expected[day] = (expected[day] ?? 0) + w * (mu[t] ?? 0);
    total += w * (mu[t] ?? 0);
    weightSum += w;
  }
  const perDay = weightSum > 0 ? total / weightSum : 0;
  const shrink = fitTuning.weekdayShrink * perDay;
  const factors = Array.from({ length: 7 }, (_, day) => {
    const f = ((observed[day] ?? 0) + shrink) / ((expected[day] ?? 0) + shrink);
    return Number.isFinite(f) ? Math.min(MAX_WEEKDAY, Math.max(MIN_WEEKDAY, f)) : 1;
  });
  const mean = factors.reduce((a, b) => a + b, 0) / 7;
  return factors.map((f) => f / mean);
}

/** The multiplicative noise's squared CV, by moments around the best point, shrunk to the prior. */
function kappaFrom(data: FitData, mu: Float64Array, weekdayFactors: readonly number[]): number {
  let excess = 0;
  let second = 0;
  for (let t = 0; t < data.n; t++) {
    const w = data.weight[t] ?? 0;
    const m = (mu[t] ?? 0) * (weekdayFactors[data.weekday[t] ?? 0] ?? 1);
    const r = (data.outcome[t] ?? 0) - m;
    excess += w * (r * r - data.countUnit * m);
    second += w * m * m;
  }
  const prior = fitTuning.noiseCv ** 2;
  const days = fitTuning.priorDays * 2;
  const raw = second > 0 ? Math.max(0, excess / second) : prior;
  const k = (raw * data.effectiveDays + prior * days) / (data.effectiveDays + days);
  return Math.min(1.5, Math.max(0.005, k));
}

const NO_WEEKDAY = [1, 1, 1, 1, 1, 1, 1];
/** Weekday factors (and the noise level) are estimated from this many days of history on. */
const WEEKDAY_DAYS = 21;

export function fitGrid(data: FitData, logPrior: Float64Array, anchor: LevelAnchor | null = null): GridPosterior {
  const scratch: Scratch = {
    x: new Float64Array(data.n),
    logx: new Float64Array(data.n),
    xk: new Float64Array(data.n),
    wd: new Float64Array(data.n),
  };
  let weekdayFactors = NO_WEEKDAY;
  let kappa = fitTuning.noiseCv ** 2;
  let pass = gridPass(data, weekdayFactors, kappa, anchor, scratch);
  if (data.spendDays >= WEEKDAY_DAYS) {
    const mu = bestCurve(data, pass, scratch);
    if (fitTuning.weekday) weekdayFactors = weekdayFrom(data, mu);
    kappa = kappaFrom(data, mu, weekdayFactors);
    pass = gridPass(data, weekdayFactors, kappa, anchor, scratch, pass.scales);
  }
  const bestChi = pass.chi[pass.best] ?? 0;
  // Dispersion: 1 when the variance function is right; estimated from the best point, with a prior.
  const priorDays = fitTuning.priorDays;
  const dispersion = Math.max(1e-6, (bestChi + priorDays) / Math.max(1, data.effectiveDays - 3 + priorDays));
  const weights = new Float64Array(GRID_SIZE);
  let maxLog = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < GRID_SIZE; i++) {
    const value = (logPrior[i] ?? 0) - (pass.chi[i] ?? 0) / (2 * dispersion);
    weights[i] = value;
    if (value > maxLog) maxLog = value;
  }
  let sum = 0;
  for (let i = 0; i < GRID_SIZE; i++) {
    const w = Math.exp((weights[i] ?? 0) - maxLog);
    weights[i] = w;
    sum += w;
  }
  for (let i = 0; i < GRID_SIZE; i++) weights[i] = (weights[i] ?? 0) / sum;
  return { weights, scales: pass.scales, exposure: pass.exposure, dispersion, weekdayFactors };
}

/** The grid's heaviest points covering `mass` of the posterior (at most `limit`), renormalised. */
export function topComponents(
  posterior: GridPosterior,
  referenceSpend: number,
  mass = 0.995,
  limit = 32,
): CurveComponent[] {
  const order = Array.from(posterior.weights.keys()).sort(
    (a, b) => (posterior.weights[b] ?? 0) - (posterior.weights[a] ?? 0),
  );
  const picked: CurveComponent[] = [];
  let covered = 0;
  for (const index of order) {
    if (picked.length >= limit || covered >= mass) break;
    const weight = posterior.weights[index] ?? 0;
    const d = Math.floor(index / (SHAPES.length * HALF_RATIOS.length));
    const k = Math.floor(index / HALF_RATIOS.length) % SHAPES.length;
    const h = index % HALF_RATIOS.length;
    const scale = posterior.scales[index] ?? 0;
    const exposure = posterior.exposure[index] ?? 0;
    const scaleRse = scale > 0 && exposure > 0 ? Math.min(2, Math.sqrt(posterior.dispersion / exposure) / scale) : 1;
    picked.push({
      weight,
      scale,
      scaleRse,
      half: (HALF_RATIOS[h] ?? 1) * referenceSpend,
      shape: SHAPES[k] ?? 1,
      decay: DECAYS[d] ?? 0,
    });
    covered += weight;
  }
  for (const c of picked) c.weight /= covered;
  return picked;
}
