/**
 * The optimizer's daily run, as Adhelm itself (the job of optimizer-background.ts, about 06:00 in
 * the organization's time zone), through the same use cases a person uses:
 * - when the plan asks for a daily rebalance or auto-apply, it asks for recommendations (once a day);
 * - with auto-apply, unless the organization paused all automation, it applies the largest predicted
 *   gains first, up to the plan's most changes per day (counting what was applied today already);
 * - it tells the team what changed, or what is waiting (notifications, catalog optimizer-alerts).
 */
import { type Actor, systemActor } from "#core/access/actor.ts";
import type { ApplyRecommendationsResult } from "./apply-recommendations.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { Recommendation } from "./optimizer-types.ts";
import { startOfDayIn } from "./organization-day.ts";
import type { RecommendBudgetsResult } from "./recommend-budgets.ts";

export const OPTIMIZER_ALERTS_CATALOG = "optimizer-alerts";

/** Adhelm acting as the optimizer: the change log and the runs name it. */
export const OPTIMIZER_ACTOR = { id: "optimizer", label: "Adhelm optimizer" };

export function optimizerActor(organizationId: string): Actor {
  return systemActor(organizationId, OPTIMIZER_ACTOR);
}

export interface DailyOptimizationResult {
  /** skipped: the plan asks for no daily run, or today's was made already. */
  outcome: "skipped" | "not_ready" | "recommended" | "applied" | "held_back";
  recommendations: number;
  applied: number;
  failed: number;
}

export interface DailyOptimizationUseCases {
  recommendBudgets: (actor: Actor, input: { trigger: "rebalance" | "auto_apply" }) => Promise<RecommendBudgetsResult>;
  applyRecommendations: (actor: Actor, input: { ids: string[] }) => Promise<ApplyRecommendationsResult>;
}

export async function runDailyOptimization(
  deps: Pick<
    OptimizerDependencies,
    "optimizer" | "loadPlan" | "isAutomationPaused" | "timeZoneOf" | "notify" | "clock"
  >,
  useCases: DailyOptimizationUseCases,
  actor: Actor,
): Promise<DailyOptimizationResult> {
  const { organizationId } = actor;
  const plan = await deps.loadPlan(organizationId);
  const none = { recommendations: 0, applied: 0, failed: 0 };
  if (!plan.rebalanceDaily && !plan.autoApply) return { outcome: "skipped", ...none };
  const now = await deps.clock.now();
  const dayStart = startOfDayIn(await deps.timeZoneOf(organizationId), now);
  if (await deps.optimizer.hasScheduledRunSince(organizationId, dayStart)) return { outcome: "skipped", ...none };

  const { run, recommendations } = await useCases.recommendBudgets(actor, {
    trigger: plan.autoApply ? "auto_apply" : "rebalance",
  });
  if (!run) return { outcome: "not_ready", ...none };
  const counts = { ...none, recommendations: recommendations.length };
  if (recommendations.length === 0) return { outcome: "recommended", ...counts };

  const paused = plan.autoApply && (await deps.isAutomationPaused(organizationId));
  if (!plan.autoApply || paused) {
    await deps.notify({
      organizationId,
      kind: "campaign",
      severity: "info",
      message: {
        catalog: OPTIMIZER_ALERTS_CATALOG,
        key: paused ? "optimizerHeldBack" : "optimizerRecommends",
        params: { count: recommendations.length, campaign: recommendations[0]!.campaignName },
      },
      link: "/optimizer",
      objectType: "organization",
      objectId: organizationId,
      dedupeKey: `optimizer-run:${run.id}`,
      data: { runId: run.id, recommendations: recommendations.length },
    });
    return { outcome: paused ? "held_back" : "recommended", ...counts };
  }

  const appliedToday = await deps.optimizer.countAppliedSince(organizationId, dayStart);
  const room = Math.max(0, plan.maxAutoChangesPerDay - appliedToday);
  const chosen = chooseChanges(recommendations, room);
  if (chosen.length === 0) return { outcome: "held_back", ...counts };
  const applied = await useCases.applyRecommendations(actor, { ids: chosen.map((item) => item.id) });
  const first = applied.results.find((item) => item.outcome === (applied.failed > 0 ? "failed" : "applied"));
  await deps.notify({
    organizationId,
    kind: "campaign",
    severity: applied.failed > 0 ? "critical" : "warning",
    message: {
      catalog: OPTIMIZER_ALERTS_CATALOG,
      key: applied.failed > 0 ? "optimizerFailed" : "optimizerApplied",
      params: {
        count: applied.failed > 0 ? applied.failed : applied.applied,
        campaign: first?.recommendation.campaignName ?? "",
        from: amountOf(first?.recommendation, "current"),
        to: amountOf(first?.recommendation, "recommended"),
      },
    },
    link: "/optimizer",
    objectType: "organization",
    objectId: organizationId,
    dedupeKey: `optimizer-run:${run.id}`,
    data: {
      runId: run.id,
      applied: applied.applied,
      failed: applied.failed,
      changes: applied.results.map((item) => ({
        recommendationId: item.recommendationId,
        campaignId: item.recommendation.campaignId,
        outcome: item.outcome,
        changeLogId: item.changeLogId,
        fromMinor: item.recommendation.currentBudgetMinor,
        toMinor: item.recommendation.recommendedBudgetMinor,
      })),
    },
  });
  return { outcome: "applied", ...counts, applied: applied.applied, failed: applied.failed };
}

/**
 * Up to `room` changes, keeping the total spend in balance: the cut that costs least first, then
 * the most valuable raise while the cuts so far have freed budget, and so on; so a day capped at a
 * few changes does not spend more than the plan by raising alone.
 */
export function chooseChanges(recommendations: readonly Recommendation[], room: number): Recommendation[] {
  const moveOf = (item: Recommendation) => item.recommendedBudgetMinor - item.currentBudgetMinor;
  const byGain = (a: Recommendation, b: Recommendation) =>
    b.predictedDelta.mean - a.predictedDelta.mean || a.id.localeCompare(b.id);
  const raises = recommendations.filter((item) => moveOf(item) > 0).sort(byGain);
  const cuts = recommendations.filter((item) => moveOf(item) <= 0).sort(byGain);
  const chosen: Recommendation[] = [];
  let net = 0;
  while (chosen.length < room && (raises.length > 0 || cuts.length > 0)) {
    const next = (net < 0 && raises.length > 0) || cuts.length === 0 ? raises.shift()! : cuts.shift()!;
    net += moveOf(next);
    chosen.push(next);
  }
  return chosen;
}

function amountOf(recommendation: Recommendation | undefined, which: "current" | "recommended") {
  if (!recommendation) return "";
  return {
    amountMinor: which === "current" ? recommendation.currentBudgetMinor : recommendation.recommendedBudgetMinor,
    currency: recommendation.currency,
  };
}
