/**
 * The optimizer slice's use cases: recommendations (ask, list, apply, dismiss), the page's overview,
 * the what-if and the response curves, the calibration, and the daily run and follow-up the jobs
 * make as Adhelm. Asking, applying and dismissing need "optimizer.apply" (applying also goes through
 * the campaigns slice's "campaigns.change"); reading needs "workspace.read".
 */
import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import { applyRecommendations } from "./apply-recommendations.ts";
import { dismissRecommendation } from "./dismiss-recommendation.ts";
import { followUpRecommendations, getCalibration } from "./follow-up-recommendations.ts";
import { getOptimizerInsights } from "./get-optimizer-insights.ts";
import { getOptimizerOverview } from "./get-optimizer-overview.ts";
import { listRecommendations } from "./list-recommendations.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import { createOptimizerRepository } from "./optimizer-repository.ts";
import { fieldMessage, recommendBudgetsSchema } from "./optimizer-schemas.ts";
import { recommendBudgets } from "./recommend-budgets.ts";
import { runDailyOptimization } from "./run-daily-optimization.ts";

export interface OptimizerModuleDependencies extends Omit<OptimizerDependencies, "optimizer"> {
  db: Kysely<Database>;
}

export function createOptimizerModule({ db, ...rest }: OptimizerModuleDependencies) {
  const deps: OptimizerDependencies = { ...rest, optimizer: createOptimizerRepository(db) };

  const recommend = useCase("optimizer.apply", (actor, input?: { trigger?: unknown }) => {
    const parsed = recommendBudgetsSchema.safeParse(input ?? {});
    if (!parsed.success) throw new AppError("unprocessable_entity", fieldMessage(parsed.error));
    return recommendBudgets(deps, actor, parsed.data);
  });
  const apply = useCase("optimizer.apply", (actor, input: unknown) => applyRecommendations(deps, actor, input));

  return {
    /**
     * Fits, allocates and stores a run with its recommendations ({ trigger: "page" | "api" }; the
     * jobs use "rebalance" and "auto_apply"). Older open recommendations are superseded.
     */
    recommendBudgets: recommend,
    /** Applies recommendations ({ ids }) through the campaign change use case (change log, undo). */
    applyRecommendations: apply,
    /** Dismisses an open recommendation ({ id }). */
    dismissRecommendation: useCase("optimizer.apply", (actor, input: unknown) =>
      dismissRecommendation(deps, actor, input),
    ),
    /** The open recommendations, the largest predicted gain first. */
    listRecommendations: useCase("workspace.read", (actor) => listRecommendations(deps, actor)),
    /** One recommendation of the organization (any status), or a 404. */
    getRecommendation: useCase("workspace.read", async (actor, id: string) => {
      const found = typeof id === "string" ? await deps.optimizer.find(actor.organizationId, id) : null;
      if (!found) throw new AppError("not_found", "There is no such recommendation in your organization.");
      return found;
    }),
    /** Readiness, the last run, open recommendations, history, calibration and the automation switch. */
    getOptimizerOverview: useCase("workspace.read", (actor) => getOptimizerOverview(deps, actor)),
    /**
     * From one fit of the campaigns: the what-if (the best allocation's predicted outcome for totals
     * from 50% to 200% of the total recommendations spread, and today's allocation) and each
     * campaign's response curve with its band, observed days and budgets.
     */
    getOptimizerInsights: useCase("workspace.read", (actor) => getOptimizerInsights(deps, actor)),
    /** Realised against predicted: share inside the 80% interval, error and bias, per objective. */
    getCalibration: useCase("workspace.read", (actor) => getCalibration(deps, actor.organizationId)),
    /** The daily rebalance and auto-apply (the job runs it as Adhelm optimizer). */
    runDailyOptimization: useCase("optimizer.apply", (actor) =>
      runDailyOptimization(
        deps,
        {
          recommendBudgets: (as: Actor, input) => recommend(as, input),
          applyRecommendations: (as: Actor, input) => apply(as, input),
        },
        actor,
      ),
    ),
    /** Follows up applied recommendations whose outcome days are mature (the job runs it). */
    followUpRecommendations: useCase("optimizer.apply", (actor) => followUpRecommendations(deps, actor)),
  };
}

export type OptimizerModule = ReturnType<typeof createOptimizerModule>;
