/**
 * What /optimizer draws from the models, fitted once per request: the what-if (the best
 * allocation's predicted daily outcome with its 80% band for totals from 50% to 200% of the total
 * the recommendations spread, and today's allocation as it is) and each considered campaign's
 * response curve (spend → predicted daily outcome with its band, over 0 … twice the larger of its
 * highest observed spend and its budget; its observed days as points, the lag-immature ones left
 * out; today's and the recommended budget, confidence and history).
 *
 * The what-if's 100% is the budget a recommendation spreads (build-optimizer-input.ts: today's
 * total, capped by the month's budget); its points are the most outcome for each total (no change
 * limit from today's budgets, no exploration).
 */
import type { Actor } from "#core/access/actor.ts";
import { allocateBudget, predictAllocation } from "./allocate-budget.ts";
import { buildOptimizerInput, type OptimizerInput, outcomeOf } from "./build-optimizer-input.ts";
import type { CampaignFit } from "./engine-types.ts";
import { allocationRequestOf, fitOptimizerInput } from "./optimizer-allocation.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { OptimizerInsights, ResponseCurve, WhatIf } from "./optimizer-types.ts";

/** 50%, 62.5%, … 200%: 13 points. */
export const WHAT_IF_RATIOS = Array.from({ length: 13 }, (_, index) => 0.5 + index * 0.125);
export const CURVE_POINTS = 30;
const IMMATURE_BELOW = 0.9;

export async function getOptimizerInsights(deps: OptimizerDependencies, actor: Actor): Promise<OptimizerInsights> {
  const input = await buildOptimizerInput(deps, actor.organizationId);
  const base = { readiness: input.readiness, objective: input.objective, currency: input.currency };
  // A month spent already leaves nothing to spread: the what-if then centres on today's total.
  const centre = input.budgetMinor > 0 ? input.budgetMinor : input.currentBudgetMinor;
  const empty: OptimizerInsights = {
    whatIf: { ...base, budgetMinor: centre, budgetBasis: basisOf(input), points: [], current: null },
    curves: { ...base, campaigns: [] },
  };
  if (input.readiness !== "ready") return empty;
  const fits = fitOptimizerInput(input);
  const recommended = new Map(
    (await deps.optimizer.listOpen(actor.organizationId)).map((item) => [item.campaignId, item.recommendedBudgetMinor]),
  );
  return {
    whatIf: centre > 0 ? { ...base, ...whatIfOf(input, fits, centre) } : empty.whatIf,
    curves: { ...base, campaigns: input.campaigns.map((item) => curveOf(input, fits, item, recommended)) },
  };
}

function basisOf(input: OptimizerInput): WhatIf["budgetBasis"] {
  return input.budgetBasis === "capped" ? "capped" : "campaigns";
}

function whatIfOf(input: OptimizerInput, fits: Map<string, CampaignFit>, centre: number) {
  const points = WHAT_IF_RATIOS.map((ratio) => {
    const budgetMinor = Math.round(centre * ratio);
    const { predicted } = allocateBudget(allocationRequestOf(input, fits, { budget: budgetMinor, steady: true }));
    return { budgetMinor, ratio, predicted };
  });
  const today = new Map(input.campaigns.map((item) => [item.campaign.id, item.campaign.dailyBudgetMinor]));
  const current = {
    budgetMinor: input.currentBudgetMinor,
    ratio: input.currentBudgetMinor / centre,
    predicted: predictAllocation(fits, today),
  };
  return { budgetMinor: centre, budgetBasis: basisOf(input), points, current };
}

function curveOf(
  input: OptimizerInput,
  fits: Map<string, CampaignFit>,
  item: OptimizerInput["campaigns"][number],
  recommended: ReadonlyMap<string, number>,
): ResponseCurve {
  const { campaign } = item;
  const fit = fits.get(campaign.id)!;
  const upper = 2 * Math.max(fit.observedSpend.max, campaign.dailyBudgetMinor);
  const curve = Array.from({ length: CURVE_POINTS }, (_, index) => {
    const spendMinor = Math.round((upper * index) / (CURVE_POINTS - 1));
    return { spendMinor, ...fit.predict(spendMinor) };
  });
  const days = item.history.length;
  const observed = item.history
    .filter((_, index) => (item.completeness[days - index] ?? 1) >= IMMATURE_BELOW)
    .map((day) => ({ date: day.date, spendMinor: day.spend, outcome: outcomeOf(day, input.objective) }));
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    platform: campaign.platform,
    currency: campaign.currency,
    objective: input.objective,
    curve,
    observed,
    currentBudgetMinor: campaign.dailyBudgetMinor,
    recommendedBudgetMinor: recommended.get(campaign.id) ?? null,
    confidence: fit.confidence,
    historyDays: fit.historyDays,
    pooled: fit.pooled,
    halfSaturationSpendMinor: fit.halfSaturationSpend,
  };
}
