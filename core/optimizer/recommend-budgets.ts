/**
 * Asks the optimizer for recommendations: fits each campaign's response, spreads the daily budget
 * (build-optimizer-input.ts: today's total, capped by the month's budget; pacing's suggestion on the
 * daily rebalance) under the plan's guardrails, and stores a run with one recommendation per campaign whose budget
 * should move (by at least MIN_MOVE_SHARE and one currency unit). The kept moves absorb what the
 * dropped and rounded ones leave (balance-moves.ts), so applying all of a run's recommendations
 * leaves the daily total at the run's dailyBudgetMinor (within one currency unit). The
 * organization's older open recommendations are superseded: a run is the whole allocation of its day.
 */
import type { Actor } from "#core/access/actor.ts";
import { currencyExponent } from "#core/shared/money.ts";
import { allocateBudget, predictAllocation } from "./allocate-budget.ts";
import { balanceMoves } from "./balance-moves.ts";
import { buildOptimizerInput, type CampaignInput, type OptimizerInput } from "./build-optimizer-input.ts";
import { allocationRequestOf, fitOptimizerInput } from "./optimizer-allocation.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { NewRecommendation } from "./optimizer-records.ts";
import type { OptimizerReadiness, OptimizerRun, Recommendation, RunSummary, RunTrigger } from "./optimizer-types.ts";
import { describeRecommendation, MIN_MOVE_SHARE } from "./recommendation-details.ts";

export interface RecommendBudgetsResult {
  readiness: OptimizerReadiness;
  /** Null when the optimizer could not work (see readiness). */
  run: OptimizerRun | null;
  recommendations: Recommendation[];
}

export async function recommendBudgets(
  deps: OptimizerDependencies,
  actor: Actor,
  input: { trigger: RunTrigger },
): Promise<RecommendBudgetsResult> {
  const optimizerInput = await buildOptimizerInput(deps, actor.organizationId, {
    rebalance: input.trigger === "rebalance" || input.trigger === "auto_apply",
  });
  const { currency } = optimizerInput;
  if (optimizerInput.readiness !== "ready" || !currency)
    return { readiness: optimizerInput.readiness, run: null, recommendations: [] };

  const fits = fitOptimizerInput(optimizerInput);
  const request = allocationRequestOf(optimizerInput, fits);
  const result = allocateBudget(request);
  // The same allocation without exploring: what the expected returns alone would move.
  const exploiting = request.explorationShare > 0 ? allocateBudget({ ...request, explorationShare: 0 }) : result;
  const unitMinor = 10 ** currencyExponent(currency);

  const worthMoves = new Map<string, number>();
  const exploitMoves = new Map<string, number>();
  let allocated = 0;
  for (const item of optimizerInput.campaigns) {
    const current = item.campaign.dailyBudgetMinor;
    const amount = result.allocation.get(item.campaign.id) ?? current;
    allocated += amount;
    const recommended = budgetOf(item, amount, unitMinor);
    if (isWorthAMove(recommended, current, unitMinor)) worthMoves.set(item.campaign.id, recommended);
    const exploited = budgetOf(item, exploiting.allocation.get(item.campaign.id) ?? current, unitMinor);
    if (isWorthAMove(exploited, current, unitMinor)) exploitMoves.set(item.campaign.id, exploited);
  }
  // The kept moves carry what the dropped and rounded ones leave: the run's total holds.
  const moves = balanceMoves(
    optimizerInput.campaigns.map((item) => ({
      id: item.campaign.id,
      current: item.campaign.dailyBudgetMinor,
      min: item.min,
      max: item.max,
    })),
    worthMoves,
    {
      targetMinor: Math.min(allocated, optimizerInput.budgetMinor),
      unitMinor,
      maxDailyChange: optimizerInput.plan.maxDailyChange,
      minMoveShare: MIN_MOVE_SHARE,
      groups: optimizerInput.groups,
    },
  );
  const explored = exploringMoves(optimizerInput, moves, exploitMoves, result.explored);

  const current = new Map(optimizerInput.campaigns.map((item) => [item.campaign.id, item.campaign.dailyBudgetMinor]));
  const increased = new Set([...moves].filter(([id, amount]) => amount > (current.get(id) ?? 0)).map(([id]) => id));
  const context = { input: optimizerInput, fits, increased, explored, unitMinor };
  const recommendations: NewRecommendation[] = optimizerInput.campaigns
    .filter((item) => moves.has(item.campaign.id))
    .map((item) => describeRecommendation(context, item, moves.get(item.campaign.id)!));

  const after = new Map([...current].map(([id, amount]) => [id, moves.get(id) ?? amount]));
  const summary: RunSummary = {
    predictedBefore: predictAllocation(fits, current),
    predictedAfter: predictAllocation(fits, after),
    currentBudgetMinor: optimizerInput.currentBudgetMinor,
    considered: optimizerInput.campaigns.length,
    leftOut: optimizerInput.leftOut,
    notes: optimizerInput.notes,
    recommendations: recommendations.length,
    revenueSource: optimizerInput.revenueSource,
  };
  const saved = await deps.optimizer.saveRun({
    organizationId: actor.organizationId,
    trigger: input.trigger,
    actorLabel: actor.label,
    objective: optimizerInput.objective,
    currency,
    dailyBudgetMinor: optimizerInput.budgetMinor,
    summary,
    recommendations,
    at: deps.now?.() ?? new Date(),
  });
  return { readiness: "ready", ...saved };
}

/** An allocated amount as a budget: whole currency units, within the campaign's bounds. */
function budgetOf(item: CampaignInput, allocated: number, unitMinor: number): number {
  let recommended = Math.round(allocated / unitMinor) * unitMinor;
  recommended = Math.max(recommended, Math.ceil(item.min / unitMinor) * unitMinor);
  if (item.max != null) recommended = Math.min(recommended, item.max);
  return recommended;
}

function isWorthAMove(recommended: number, current: number, unitMinor: number): boolean {
  const move = Math.abs(recommended - current);
  return move >= MIN_MOVE_SHARE * current && move >= unitMinor;
}

/**
 * The moves made to learn: the engine nudges most campaigns a little when it explores (and spreads
 * the difference over the rest), so only a move the expected returns alone would not make (none,
 * or the other way) counts as exploration; a move they make anyway is an exploitation, nudged.
 */
export function exploringMoves(
  input: OptimizerInput,
  moves: ReadonlyMap<string, number>,
  exploitMoves: ReadonlyMap<string, number>,
  engineExplored: ReadonlySet<string>,
): Set<string> {
  const explored = new Set<string>();
  for (const item of input.campaigns) {
    const id = item.campaign.id;
    const move = moves.get(id);
    if (move === undefined || !engineExplored.has(id)) continue;
    const current = item.campaign.dailyBudgetMinor;
    const exploit = exploitMoves.get(id);
    if (exploit === undefined || Math.sign(exploit - current) !== Math.sign(move - current)) explored.add(id);
  }
  return explored;
}
