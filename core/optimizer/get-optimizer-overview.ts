/**
 * What /optimizer opens with: whether the optimizer can work (and what it needs if not), the last
 * run's summary (predicted total before and after with their intervals, the campaigns left out),
 * the open recommendations, the history of applied, dismissed and failed ones with their realised
 * results, the calibration, and whether automation is paused. It reads; it fits nothing.
 */
import type { Actor } from "#core/access/actor.ts";
import { buildOptimizerInput } from "./build-optimizer-input.ts";
import { getCalibration } from "./follow-up-recommendations.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { OptimizerOverview } from "./optimizer-types.ts";

const HISTORY_LIMIT = 50;

export async function getOptimizerOverview(deps: OptimizerDependencies, actor: Actor): Promise<OptimizerOverview> {
  const { organizationId } = actor;
  const [input, lastRun, open, history, calibration, automationPaused] = await Promise.all([
    buildOptimizerInput(deps, organizationId),
    deps.optimizer.latestRun(organizationId),
    deps.optimizer.listOpen(organizationId),
    deps.optimizer.listHistory(organizationId, HISTORY_LIMIT),
    getCalibration(deps, organizationId),
    deps.isAutomationPaused(organizationId),
  ]);
  return { readiness: input.readiness, lastRun, open, history, calibration, automationPaused };
}
