/**
 * Dismisses an open recommendation: it leaves the list and stays in the history as dismissed. The
 * next run may recommend the campaign again if the numbers still say so.
 */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import { dismissRecommendationSchema, fieldMessage } from "./optimizer-schemas.ts";
import type { Recommendation } from "./optimizer-types.ts";

export async function dismissRecommendation(
  deps: Pick<OptimizerDependencies, "optimizer">,
  actor: Actor,
  input: unknown,
): Promise<Recommendation> {
  const parsed = dismissRecommendationSchema.safeParse(input);
  if (!parsed.success) throw new AppError("unprocessable_entity", fieldMessage(parsed.error));
  const { organizationId } = actor;
  const { id } = parsed.data;
  const dismissed = await deps.optimizer.dismiss(organizationId, id, actor.label);
  const recommendation = await deps.optimizer.find(organizationId, id);
  if (!recommendation) throw new AppError("not_found", "There is no such recommendation in your organization.");
  if (!dismissed && recommendation.status !== "dismissed")
    throw new AppError("conflict", "Only an open recommendation can be dismissed.");
  return recommendation;
}
