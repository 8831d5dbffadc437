/**
 * Applies recommendations: each sets its campaign's daily budget through the campaigns slice's
 * change use case (pushed to the platform, logged with the optimizer as its source, undoable), with
 * the idempotency key "optimizer:<recommendation id>", so a retried apply never pushes twice. A
 * recommendation becomes applied (its 7 outcome days start the day after), or failed with the
 * platform's or Adhelm's reason, which can be tried again.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "#core/access/actor.ts";
import { addDays, calendarDateIn } from "#core/dates/calendar-date.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import { applyRecommendationsSchema, fieldMessage } from "./optimizer-schemas.ts";
import type { Recommendation } from "./optimizer-types.ts";
import { OUTCOME_DAYS } from "./recommendation-details.ts";

export interface AppliedRecommendation {
  recommendationId: string;
  outcome: "applied" | "failed";
  /** The platform's answer, or why it failed, in English (the page words the outcome itself). */
  message: string;
  /** The change log entry: Undo is there. Null when nothing had to be sent. */
  changeLogId: string | null;
  recommendation: Recommendation;
}

export interface ApplyRecommendationsResult {
  results: AppliedRecommendation[];
  applied: number;
  failed: number;
}

const AT_ONCE = 4;

/** Recommendations that cannot be applied any more, and why. */
const STALE_MESSAGES: Partial<Record<Recommendation["status"], string>> = {
  dismissed: "This recommendation was dismissed. Ask the optimizer for new recommendations.",
  superseded: "A newer run replaced this recommendation. Apply one of the current recommendations.",
  undone: "This recommendation's change was undone. Ask the optimizer for new recommendations.",
};

export async function applyRecommendations(
  deps: Pick<OptimizerDependencies, "optimizer" | "applyCampaignChanges" | "timeZoneOf" | "clock" | "now">,
  actor: Actor,
  input: unknown,
): Promise<ApplyRecommendationsResult> {
  const parsed = applyRecommendationsSchema.safeParse(input);
  if (!parsed.success) throw new AppError("unprocessable_entity", fieldMessage(parsed.error));
  const ids = [...new Set(parsed.data.ids)];
  const { organizationId } = actor;
  const found = await deps.optimizer.findMany(organizationId, ids);
  if (found.length !== ids.length)
    throw new AppError("not_found", "There is no such recommendation in your organization.");
  const stale = found.find((item) => STALE_MESSAGES[item.status] !== undefined);
  if (stale) throw new AppError("conflict", STALE_MESSAGES[stale.status]!);

  const timeZone = await deps.timeZoneOf(organizationId);
  const batchId = randomUUID();
  const byId = new Map(found.map((item) => [item.id, item]));
  const results: AppliedRecommendation[] = [];
  const queue = [...ids];
  const work = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const recommendation = byId.get(id)!;
      results.push(await applyOne(deps, actor, recommendation, { batchId, timeZone }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, work));
  results.sort((a, b) => ids.indexOf(a.recommendationId) - ids.indexOf(b.recommendationId));
  return {
    results,
    applied: results.filter((item) => item.outcome === "applied").length,
    failed: results.filter((item) => item.outcome === "failed").length,
  };
}

async function applyOne(
  deps: Pick<OptimizerDependencies, "optimizer" | "applyCampaignChanges" | "clock" | "now">,
  actor: Actor,
  recommendation: Recommendation,
  context: { batchId: string; timeZone: string },
): Promise<AppliedRecommendation> {
  const { organizationId } = actor;
  // Applied already (a second click, a retried request): nothing is sent again.
  if (recommendation.status === "applied")
    return {
      recommendationId: recommendation.id,
      outcome: "applied",
      message: "Applied already.",
      changeLogId: recommendation.changeLogId,
      recommendation,
    };
  let outcome: "applied" | "failed";
  let message: string;
  let changeLogId: string | null = null;
  try {
    const applied = await deps.applyCampaignChanges(actor, {
      campaignIds: [recommendation.campaignId],
      change: {
        action: "set_budget",
        budget: { kind: "absolute", amountMinor: recommendation.recommendedBudgetMinor },
      },
      reason: "Optimizer recommendation",
      batchId: context.batchId,
      idempotencyKeys: { [recommendation.campaignId]: `optimizer:${recommendation.id}` },
      source: "optimizer",
    });
    const item = applied.results[0];
    changeLogId = item?.changeId ?? null;
    message = item?.message ?? "The campaign is no longer in your organization.";
    // Skipped because the budget is already the recommended one: as good as applied.
    const alreadyThere =
      item?.outcome === "skipped" && item.before.dailyBudgetMinor === recommendation.recommendedBudgetMinor;
    outcome = item?.outcome === "succeeded" || alreadyThere ? "applied" : "failed";
  } catch (error) {
    outcome = "failed";
    message = error instanceof AppError ? error.message : "The change failed on an unexpected error.";
  }

  if (outcome === "applied") {
    const now = deps.now?.() ?? new Date();
    const day = calendarDateIn(context.timeZone, await deps.clock.now());
    await deps.optimizer.markApplied(organizationId, recommendation.id, {
      changeLogId,
      byLabel: actor.label,
      at: now,
      outcomeFrom: addDays(day, 1),
      outcomeTo: addDays(day, OUTCOME_DAYS),
    });
  } else await deps.optimizer.markFailed(organizationId, recommendation.id, message);
  const stored = (await deps.optimizer.find(organizationId, recommendation.id)) ?? recommendation;
  return { recommendationId: recommendation.id, outcome, message, changeLogId, recommendation: stored };
}
