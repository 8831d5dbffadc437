/**
 * What a recommendation says, from the fits (pure): its predicted effect with the 80% interval, the
 * predicted CPA or ROAS before and after, and its reasons as codes with their numbers.
 *
 * The interval is of what the follow-up measures (follow-up-recommendations.ts): the change of the
 * mean daily outcome over the 7 days after the change against the 7 days before. Two parts, added
 * in quadrature as independent errors:
 * - the model's uncertainty about the change: the two predictions come from one posterior, so their
 *   errors move together; their quantiles are subtracted (exact when the uncertainty is the curve's
 *   scale, which dominates a fitted Hill curve), never low − high, which would count it twice;
 * - the noise of the two 7-day means: the campaign's day-to-day residual around its curve (weekday
 *   pattern removed when the fit has one) × √(2/7).
 *
 * The curve itself is stored with the recommendation as a response table (RESPONSE_POINTS spends
 * from half the lower to twice the higher of the two budgets, the two budgets and 0): the follow-up predicts from
 * it the change for the spends that actually ran (pathDelta), the same two parts as above.
 */
import type { CampaignInput, OptimizerInput } from "./build-optimizer-input.ts";
import { outcomeOf } from "./build-optimizer-input.ts";
import type { CampaignFit, Interval } from "./engine-types.ts";
import type { NewRecommendation } from "./optimizer-records.ts";
import type { EfficiencyChange, RecommendationReason, ResponseTable } from "./optimizer-types.ts";

const Z80 = 1.2816;
/** The days the follow-up compares on each side of the change. */
export const OUTCOME_DAYS = 7;
/** Days of recent history the residual noise is measured on. */
const NOISE_DAYS = 56;
/** A move smaller than this share of the budget (or than one currency unit) is not worth a change. */
export const MIN_MOVE_SHARE = 0.05;

/** A round amount near a tenth of `budgetMinor`, at least one currency unit: "the next $100". */
export function stepOf(budgetMinor: number, unitMinor: number): number {
  const major = Math.max(budgetMinor / 10 / unitMinor, 1);
  const power = 10 ** Math.floor(Math.log10(major));
  const fraction = major / power;
  const nice = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10;
  return Math.max(nice * power, 1) * unitMinor;
}

/** What `step` more buys at `spend` on the curve. */
function gainOf(fit: CampaignFit, spend: number, step: number): number {
  return fit.predict(spend + step).mean - fit.predict(spend).mean;
}

/** The day-to-day standard deviation of the outcome around the curve, over the recent mature days. */
export function residualNoise(item: CampaignInput, fit: CampaignFit, input: OptimizerInput): number {
  const recent = item.history.slice(-NOISE_DAYS);
  let sum = 0;
  let count = 0;
  recent.forEach((day, index) => {
    const age = recent.length - index; // yesterday is 1 day old
    if ((item.completeness[age] ?? 1) < 0.9) return;
    const factor = fit.weekdayFactors?.[new Date(`${day.date}T00:00:00Z`).getUTCDay()] ?? 1;
    const residual = outcomeOf(day, input.objective) - fit.predict(day.spend).mean * factor;
    sum += residual * residual;
    count += 1;
  });
  return count >= 2 ? Math.sqrt(sum / (count - 1)) : 0;
}

/** The predicted change from `before` to `after` of one curve, with the follow-up's noise. */
export function deltaInterval(before: Interval, after: Interval, noiseSd: number): Interval {
  const mean = after.mean - before.mean;
  const ends = [after.low - before.low, after.high - before.high];
  const low = Math.min(mean, ...ends);
  const high = Math.max(mean, ...ends);
  const noise = Z80 * noiseSd * Math.sqrt(2 / OUTCOME_DAYS);
  return {
    mean,
    low: mean - Math.hypot(mean - low, noise),
    high: mean + Math.hypot(high - mean, noise),
  };
}

/** Spends of a response table besides 0 and the two budgets: from half the lower to twice the higher budget. */
const RESPONSE_POINTS = 9;

/** The fit's curve around a move from `current` to `recommended`, with the campaign's noise. */
function responseTableOf(fit: CampaignFit, current: number, recommended: number, noiseSd: number): ResponseTable {
  const from = Math.max(Math.min(current, recommended) / 2, 1);
  const to = Math.max(Math.max(current, recommended) * 2, from * 2);
  // The two budgets themselves too: a budget that held gives back the recommendation's own prediction.
  const spends = [0, current, recommended];
  for (let index = 0; index < RESPONSE_POINTS; index += 1)
    spends.push(Math.round(from * (to / from) ** (index / (RESPONSE_POINTS - 1))));
  const table: ResponseTable = { spends: [], mean: [], low: [], high: [], noiseSd };
  for (const spend of [...new Set(spends)].sort((a, b) => a - b)) {
    const predicted = fit.predict(spend);
    table.spends.push(spend);
    table.mean.push(predicted.mean);
    table.low.push(predicted.low);
    table.high.push(predicted.high);
  }
  return table;
}

/**
 * The predicted daily outcome at a steady `spend`, interpolated linearly in the table (beyond its
 * highest spend, along its last segment).
 */
function predictFromTable(table: ResponseTable, spend: number): Interval {
  const { spends } = table;
  const last = spends.length - 1;
  if (last < 1) return { mean: table.mean[0] ?? 0, low: table.low[0] ?? 0, high: table.high[0] ?? 0 };
  let index = 0;
  while (index < last - 1 && spends[index + 1]! < spend) index += 1;
  const left = spends[index]!;
  const right = spends[index + 1]!;
  const share = right > left ? (Math.max(spend, 0) - left) / (right - left) : 0;
  const at = (values: number[]) => values[index]! + (values[index + 1]! - values[index]!) * share;
  return { mean: at(table.mean), low: at(table.low), high: at(table.high) };
}

/** The predicted change of the mean daily outcome when the mean daily spend went from `before` to `after`. */
export function pathDelta(table: ResponseTable, spendBefore: number, spendAfter: number): Interval {
  return deltaInterval(predictFromTable(table, spendBefore), predictFromTable(table, spendAfter), table.noiseSd);
}

function efficiencyOf(input: OptimizerInput, spendBefore: number, before: number, spendAfter: number, after: number) {
  if (input.objective === "conversions")
    return {
      metric: "cpa",
      before: before > 0 ? spendBefore / before : null,
      after: after > 0 ? spendAfter / after : null,
    } satisfies EfficiencyChange;
  return {
    metric: "roas",
    before: spendBefore > 0 ? before / spendBefore : null,
    after: spendAfter > 0 ? after / spendAfter : null,
  } satisfies EfficiencyChange;
}

export interface DetailsContext {
  input: OptimizerInput;
  fits: Map<string, CampaignFit>;
  /** The campaigns whose budget goes up, and by how much. */
  increased: ReadonlySet<string>;
  explored: ReadonlySet<string>;
  /** One currency unit, minor units. */
  unitMinor: number;
}

/** The recommendation for one campaign moved from its budget to `recommendedMinor`. */
export function describeRecommendation(
  context: DetailsContext,
  item: CampaignInput,
  recommendedMinor: number,
): NewRecommendation {
  const { input, fits } = context;
  const { campaign } = item;
  const fit = fits.get(campaign.id)!;
  const current = campaign.dailyBudgetMinor;
  const before = fit.predict(current);
  const after = fit.predict(recommendedMinor);
  const noiseSd = residualNoise(item, fit, input);
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: campaign.platform,
    currency: campaign.currency,
    objective: input.objective,
    currentBudgetMinor: current,
    recommendedBudgetMinor: recommendedMinor,
    predictedDelta: deltaInterval(before, after, noiseSd),
    predictedBefore: before,
    predictedAfter: after,
    efficiency: efficiencyOf(input, current, before.mean, recommendedMinor, after.mean),
    confidence: Math.min(1, Math.max(0, fit.confidence)),
    exploration: context.explored.has(campaign.id),
    reasons: reasonsOf(context, item, fit, recommendedMinor),
    response: responseTableOf(fit, current, recommendedMinor, noiseSd),
  };
}

function reasonsOf(
  context: DetailsContext,
  item: CampaignInput,
  fit: CampaignFit,
  recommendedMinor: number,
): RecommendationReason[] {
  const { input, fits } = context;
  const current = item.campaign.dailyBudgetMinor;
  const step = stepOf(current, context.unitMinor);
  const reasons: RecommendationReason[] = [];
  const marginalHere = gainOf(fit, current, step);
  const others = input.campaigns.filter((other) => other.campaign.id !== item.campaign.id);

  if (context.explored.has(item.campaign.id)) reasons.push({ code: "learning" });
  const missed = targetMiss(input, fit, current);
  if (recommendedMinor < current) {
    if (missed) reasons.push(missed);
    // The best use of the same amount elsewhere: among the campaigns that grow, else any other.
    const growing = others.filter((other) => context.increased.has(other.campaign.id));
    let best: { id: string; name: string; gain: number } | null = null;
    for (const other of growing.length > 0 ? growing : others) {
      const gain = gainOf(fits.get(other.campaign.id)!, other.campaign.dailyBudgetMinor, step);
      if (!best || gain > best.gain) best = { id: other.campaign.id, name: other.campaign.name, gain };
    }
    if (best && best.gain > marginalHere)
      reasons.push({
        code: "saturated",
        stepMinor: step,
        marginalHere,
        marginalBest: best.gain,
        bestCampaignId: best.id,
        bestCampaignName: best.name,
      });
  } else {
    const gains = input.campaigns.map((other) =>
      gainOf(fits.get(other.campaign.id)!, other.campaign.dailyBudgetMinor, step),
    );
    reasons.push({
      code: "room_to_grow",
      stepMinor: step,
      marginalHere,
      marginalAverage: gains.reduce((sum, gain) => sum + gain, 0) / Math.max(gains.length, 1),
    });
  }

  const bound = boundOf(input, item, recommendedMinor, context.unitMinor);
  if (bound) reasons.push(bound);
  if (fit.pooled) reasons.push({ code: "little_history", historyDays: fit.historyDays });
  return reasons;
}

/** In target mode: the marginal ROAS (revenue) or CPA (conversions) at this budget against the target. */
function targetMiss(input: OptimizerInput, fit: CampaignFit, spend: number): RecommendationReason | null {
  const target = input.plan.mode === "target" ? input.plan.target : null;
  if (!target) return null;
  const marginal = fit.marginal(spend);
  if (target.kind === "roas" && input.objective === "revenue" && marginal < target.value)
    return { code: "below_target", kind: "roas", marginal, target: target.value };
  if (target.kind === "cpa" && input.objective === "conversions") {
    const marginalCpa = marginal > 0 ? 1 / marginal : Number.POSITIVE_INFINITY;
    if (marginalCpa > target.value)
      return {
        code: "below_target",
        kind: "cpa",
        marginal: Number.isFinite(marginalCpa) ? marginalCpa : 0,
        target: target.value,
      };
  }
  return null;
}

/** The limit the recommended amount stops at, if any. */
function boundOf(
  input: OptimizerInput,
  item: CampaignInput,
  recommendedMinor: number,
  unitMinor: number,
): RecommendationReason | null {
  const near = (value: number) => Math.abs(recommendedMinor - value) <= unitMinor;
  const current = item.campaign.dailyBudgetMinor;
  if (item.max != null && near(item.max)) return { code: "bounded", limit: "max", amountMinor: item.max };
  if (item.min > 0 && near(item.min))
    return {
      code: "bounded",
      limit: item.minSource === "platform" ? "platform_min" : "min",
      amountMinor: item.min,
    };
  const limit = input.plan.maxDailyChange;
  if (limit > 0) {
    const edge = recommendedMinor > current ? current * (1 + limit) : current * (1 - limit);
    if (near(edge)) return { code: "bounded", limit: "change", amountMinor: Math.round(edge) };
  }
  return null;
}
