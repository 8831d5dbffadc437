/** The open recommendations of the actor's organization, the largest predicted gain first. */
import type { Actor } from "#core/access/actor.ts";
import type { OptimizerDependencies } from "./optimizer-dependencies.ts";
import type { Recommendation } from "./optimizer-types.ts";

export function listRecommendations(
  deps: Pick<OptimizerDependencies, "optimizer">,
  actor: Actor,
): Promise<Recommendation[]> {
  return deps.optimizer.listOpen(actor.organizationId);
}
