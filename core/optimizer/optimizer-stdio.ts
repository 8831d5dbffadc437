/**
 * The external evaluation protocol (issue 18, section 5): one JSON request line in, one JSON answer
 * line out. A request is self-contained: each campaign's whole history, the day's budget and the
 * bounds. The answer is `{"allocation":{id: amount}}`, or `{"error":"…"}` for a malformed line.
 *
 * The decision: with no spend in anyone's history, an even split inside the bounds; on the next
 * days (up to 4, one per campaign at most) an opening design: campaigns in turn at up to 4× an even
 * share (see openingDay); otherwise the fitted curves (scaled by the day's weekday factor) water-filled by allocateBudget, with
 * - a trust region: each campaign stays within [0.6 × its least, 1.6 × its most] spend of the last
 *   14 days, so the curve is used near where it was learned and the region moves day by day;
 * - exploration: unsure campaigns moved up or down by a share of their amount that shrinks from 10%
 *   to 5% over the first 30 days, the direction held for 4 days (carry-over smooths out shorter
 *   moves, and a held move teaches the curve's slope much better than a daily flicker).
 * bench/optimizer.ts measures these choices.
 */
import { z } from "zod";
import { allocateBudget } from "./allocate-budget.ts";
import type { AllocationCampaign, CampaignFit, CampaignHistory } from "./engine-types.ts";
import { epochDay } from "./fit-data.ts";
import { type FitInput, fitCampaigns } from "./fit-response.ts";
import { hashString, seededRandom } from "./response-curve.ts";

const finite = z.number().refine(Number.isFinite, "must be a finite number");
const amount = finite.refine((v) => v >= 0, "must not be negative");

const requestSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "day must be YYYY-MM-DD"),
  objective: z.enum(["conversions", "revenue"]),
  budget: amount,
  maxDailyChange: amount.nullable().optional(),
  campaigns: z
    .array(
      z.object({
        id: z.string().min(1),
        min: amount.optional(),
        max: amount.nullable().optional(),
        history: z.array(
          z.object({
            date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD"),
            spend: amount,
            conversions: amount.optional(),
            revenue: amount.optional(),
          }),
        ),
      }),
    )
    .min(1),
});

export type OptimizerRequest = z.infer<typeof requestSchema>;

/** Tuning of the decision (the bench varies it). */
export interface DecisionOptions {
  /** Exploration share on the first days (it shrinks to `explorationFloor` over `explorationDays`). */
  explorationStart: number;
  explorationFloor: number;
  explorationDays: number;
  /** Scale each curve by the decision day's weekday factor. */
  useWeekday: boolean;
  halfLifeDays?: number;
  /** Days an exploration direction is held (carry-over smooths out day-to-day moves). */
  holdDays: number;
  /** Trust region: each amount within [low × the recent days' least spend, high × their most]; null = none. */
  trust: { days: number; low: number; high: number } | null;
  /** Allocate on a posterior draw mixed with the mean: 0 = mean only, 1 = pure Thompson sampling. */
  thompson?: number;
  /** Opening design: on days 1 … days, campaigns in turn get `factor` × an even share (inside the bounds). */
  opening?: { days: number; factor: number } | null;
  /** Replaces the fit (bench/optimizer-regret.ts feeds the true curves to measure the allocation step alone). */
  fitOverride?: (request: OptimizerRequest) => Map<string, CampaignFit>;
  /** Replaces each campaign's base prior in the fit (bench/optimizer-regret.ts; see FitInput.priorOverride). */
  priorOverride?: (request: OptimizerRequest) => FitInput["priorOverride"];
}

export const DEFAULT_DECISION: DecisionOptions = {
  explorationStart: 0.1,
  explorationFloor: 0.05,
  explorationDays: 30,
  halfLifeDays: 60,
  useWeekday: true,
  holdDays: 4,
  trust: { days: 14, low: 0.6, high: 1.6 },
  opening: { days: 4, factor: 4 },
};

/** Spreads `budget` in proportion to `weights` inside [low, high] (one water level, by bisection). */
function fillByWeight(budget: number, low: number[], high: number[], weights: number[]): number[] {
  const lowSum = low.reduce((a, b) => a + b, 0);
  if (lowSum >= budget) return low.map((lo) => (lowSum > 0 ? (lo * budget) / lowSum : 0));
  const at = (level: number) => low.map((lo, i) => Math.min(high[i] ?? 0, Math.max(lo, level * (weights[i] ?? 0))));
  const total = (level: number) => at(level).reduce((a, b) => a + b, 0);
  let below = 0;
  let above = 1;
  while (total(above) < budget && above < 1e15) above *= 2;
  for (let i = 0; i < 60; i++) {
    const mid = (below + above) / 2;
    if (total(mid) > budget) above = mid;
    else below = mid;
  }
  return at(below);
}

/**
 * The opening design (days 1 … opening.days): each campaign in turn gets `factor` × an even share for
 * a day (the boosted ones together at most 60% of the budget), the others share the rest; inside the
 * min/max and the daily-change window. A curve that looks dead at an even share (S-shaped, low
 * budget) is seen higher up once, and the trust region then lets the model go there.
 */
function openingDay(request: OptimizerRequest, day: number, opening: { days: number; factor: number }) {
  const n = request.campaigns.length;
  const rounds = Math.min(opening.days, n);
  const even = request.budget / n;
  const boosted = request.campaigns.map((_, i) => i % rounds === (day - 1) % rounds);
  const count = boosted.filter(Boolean).length;
  const boost = Math.min(opening.factor * even, (0.6 * request.budget) / Math.max(1, count));
  const rest = n > count ? (request.budget - boost * count) / (n - count) : boost;
  const weights = boosted.map((b) => (b ? boost : rest));
  const change = request.maxDailyChange ?? null;
  const low: number[] = [];
  const high: number[] = [];
  for (const c of request.campaigns) {
    const min = c.min ?? 0;
    const max = Math.max(min, c.max ?? Number.POSITIVE_INFINITY);
    let lo = min;
    let hi = max;
    const previous = c.history[c.history.length - 1]?.spend ?? 0;
    if (change !== null && previous > 0) {
      lo = Math.min(max, Math.max(min, previous * Math.max(0, 1 - change)));
      hi = Math.max(lo, Math.min(max, previous * (1 + change)));
    }
    low.push(lo);
    high.push(hi);
  }
  if (low.reduce((a, b) => a + b, 0) > request.budget) {
    request.campaigns.forEach((c, i) => {
      low[i] = c.min ?? 0;
    });
  }
  const amounts = fillByWeight(request.budget, low, high, weights);
  const answer: Record<string, number> = {};
  request.campaigns.forEach((c, i) => {
    answer[c.id] = amounts[i] ?? 0;
  });
  return answer;
}

/** An even split inside [min, max] (the first day, when nobody has history): one water level, found by bisection. */
function evenSplit(request: OptimizerRequest): Record<string, number> {
  const low = request.campaigns.map((c) => c.min ?? 0);
  const high = request.campaigns.map((c, i) => Math.max(low[i] ?? 0, c.max ?? Number.POSITIVE_INFINITY));
  const lowSum = low.reduce((a, b) => a + b, 0);
  const answer: Record<string, number> = {};
  if (lowSum >= request.budget) {
    const factor = lowSum > 0 ? request.budget / lowSum : 0;
    request.campaigns.forEach((c, i) => {
      answer[c.id] = (low[i] ?? 0) * factor;
    });
    return answer;
  }
  const total = (level: number) => low.reduce((s, lo, i) => s + Math.min(high[i] ?? 0, Math.max(lo, level)), 0);
  let below = 0;
  let above = request.budget;
  for (let i = 0; i < 60; i++) {
    const mid = (below + above) / 2;
    if (total(mid) > request.budget) above = mid;
    else below = mid;
  }
  request.campaigns.forEach((c, i) => {
    answer[c.id] = Math.min(high[i] ?? 0, Math.max(low[i] ?? 0, below));
  });
  return answer;
}

function thompson(fit: CampaignFit, random: () => number, mix: number): CampaignFit {
  const draw = fit.sample?.(random);
  if (!draw) return fit;
  return {
    ...fit,
    predict: (spend) => {
      const p = fit.predict(spend);
      const mean = (1 - mix) * p.mean + mix * draw(spend);
      return { mean, low: mean, high: mean };
    },
  };
}

function onWeekday(fit: CampaignFit, weekday: number): CampaignFit {
  const factor = fit.weekdayFactors?.[weekday] ?? 1;
  if (factor === 1) return fit;
  return {
    ...fit,
    predict: (spend) => {
      const p = fit.predict(spend);
      return { mean: p.mean * factor, low: p.low * factor, high: p.high * factor };
    },
    marginal: (spend) => fit.marginal(spend) * factor,
  };
}

export function decide(request: OptimizerRequest, options: DecisionOptions = DEFAULT_DECISION): Record<string, number> {
  const histories: CampaignHistory[] = request.campaigns.map((c) => ({
    id: c.id,
    history: c.history.map((p) => ({
      date: p.date,
      spend: p.spend,
      conversions: p.conversions ?? 0,
      revenue: p.revenue ?? 0,
    })),
  }));
  const anySpend = request.campaigns.some((c) => c.history.some((p) => p.spend > 0));
  let days = 0;
  for (const c of request.campaigns) days = Math.max(days, c.history.length);
  const dayEpoch = epochDay(request.day);
  const weekday = (((dayEpoch + 4) % 7) + 7) % 7;
  if (!anySpend) return evenSplit(request);
  if (options.opening && days >= 1 && days <= options.opening.days && days <= request.campaigns.length) {
    return openingDay(request, days, options.opening);
  }
  const fits = options.fitOverride
    ? options.fitOverride(request)
    : fitCampaigns({
        objective: request.objective,
        campaigns: histories,
        today: request.day,
        ...(options.halfLifeDays ? { halfLifeDays: options.halfLifeDays } : {}),
        ...(options.priorOverride ? { priorOverride: options.priorOverride(request) } : {}),
      });
  const random = seededRandom(hashString(request.day) ^ 0x9e3779b9);
  const campaigns: AllocationCampaign[] = request.campaigns.map((c) => {
    const fit = fits.get(c.id);
    if (!fit) throw new Error(`no fit for ${c.id}`);
    const last = c.history[c.history.length - 1];
    const seen = options.useWeekday ? onWeekday(fit, weekday) : fit;
    let min = c.min ?? 0;
    let max = c.max ?? null;
    if (options.trust && c.history.length > 0) {
      // Stay near the spend the curve was learned on; the region moves as the history does.
      let least = Number.POSITIVE_INFINITY;
      let most = 0;
      for (const p of c.history.slice(-options.trust.days)) {
        least = Math.min(least, p.spend);
        most = Math.max(most, p.spend);
      }
      const floor = Math.min(least * options.trust.low, max ?? Number.POSITIVE_INFINITY);
      const ceiling = Math.max(most * options.trust.high, request.budget / (4 * request.campaigns.length));
      if (floor > min) min = floor;
      if (max === null || ceiling < max) max = Math.max(min, ceiling);
    }
    return {
      id: c.id,
      fit: options.thompson ? thompson(seen, random, options.thompson) : seen,
      previousSpend: last ? last.spend : null,
      min,
      max,
    };
  });
  // The trust region gives way where it would not fit the budget: its floors when they add up to
  // more, its ceilings when they add up to less (the budget is there to be spent).
  if (campaigns.reduce((sum, c) => sum + c.min, 0) > request.budget) {
    campaigns.forEach((c, i) => {
      c.min = request.campaigns[i]?.min ?? 0;
    });
  }
  if (campaigns.reduce((sum, c) => sum + (c.max ?? Number.POSITIVE_INFINITY), 0) < request.budget) {
    campaigns.forEach((c, i) => {
      c.max = request.campaigns[i]?.max ?? null;
      if (c.max !== null && c.max < c.min) c.min = c.max;
    });
  }
  const progress = Math.min(1, days / options.explorationDays);
  const explorationShare = options.thompson
    ? 0
    : options.explorationFloor + (options.explorationStart - options.explorationFloor) * (1 - progress);
  const result = allocateBudget({
    objective: request.objective,
    budget: request.budget,
    campaigns,
    maxDailyChange: request.maxDailyChange ?? null,
    explorationShare,
    seed: Math.floor(dayEpoch / options.holdDays) * 2_654_435_761,
  });
  const answer: Record<string, number> = {};
  let sum = 0;
  for (const value of result.allocation.values()) sum += value;
  const shrink = sum > request.budget ? request.budget / sum : 1;
  for (const c of request.campaigns) answer[c.id] = (result.allocation.get(c.id) ?? 0) * shrink;
  return answer;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

/** Answers one request line with one JSON line (no newline). Never throws. */
export function answerLine(line: string, options: DecisionOptions = DEFAULT_DECISION): string {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: "not valid JSON" });
  }
  const parsed = requestSchema.safeParse(json);
  if (!parsed.success) return JSON.stringify({ error: describe(parsed.error) });
  const ids = new Set(parsed.data.campaigns.map((c) => c.id));
  if (ids.size !== parsed.data.campaigns.length) return JSON.stringify({ error: "campaigns: ids must be unique" });
  try {
    return JSON.stringify({ allocation: decide(parsed.data, options) });
  } catch (error) {
    return JSON.stringify({ error: error instanceof Error ? error.message : "failed" });
  }
}
