/**
 * The response curve's building blocks: a Hill saturation curve over a geometric adstock of spend.
 *
 * - Adstock (carry-over) is normalised: x_t = (1 − decay)·spend_t + decay·x_{t−1}, so a steady daily
 *   spend s settles at x = s and the steady-state curve is outcome(s) = scale·hill(s).
 * - hill(x) = x^shape / (x^shape + half^shape): shape < 1 bends at once, shape > 1 is S-shaped.
 */

/** hill(x; half, shape) in [0, 1). */
export function hill(x: number, half: number, shape: number): number {
  if (x <= 0) return 0;
  const r = (x / half) ** shape;
  return r / (1 + r);
}

/** Writes the normalised adstock of `spend` into `out` (same length); the state starts settled at spend[0]. */
export function adstockInto(spend: Float64Array, decay: number, out: Float64Array): void {
  const n = spend.length;
  if (n === 0) return;
  let x = spend[0] ?? 0;
  const keep = 1 - decay;
  for (let t = 0; t < n; t++) {
    x = keep * (spend[t] ?? 0) + decay * x;
    out[t] = x;
  }
}

/** One grid point of a fitted posterior: a steady-state curve scale·hill(s; half, shape). */
export interface CurveComponent {
  weight: number;
  scale: number;
  /** Relative standard error of the scale. */
  scaleRse: number;
  half: number;
  shape: number;
  decay: number;
}

/** Weighted mixture mean and standard deviation of a set of components at a steady spend. */
export function mixtureAt(components: readonly CurveComponent[], spend: number): { mean: number; sd: number } {
  let mean = 0;
  let second = 0;
  for (const c of components) {
    const f = c.scale * hill(spend, c.half, c.shape);
    const fv = f * c.scaleRse;
    mean += c.weight * f;
    second += c.weight * (f * f + fv * fv);
  }
  const variance = Math.max(0, second - mean * mean);
  return { mean, sd: Math.sqrt(variance) };
}

/** The mixture's mean only (the allocator's hot loop). */
export function mixtureMean(components: readonly CurveComponent[], spend: number): number {
  if (spend <= 0) return 0;
  let mean = 0;
  for (const c of components) {
    const r = (spend / c.half) ** c.shape;
    mean += (c.weight * c.scale * r) / (1 + r);
  }
  return mean;
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a), to derive per-campaign seeds. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
