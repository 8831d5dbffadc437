import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BudgetPlanDependencies } from "./get-budget-plan.ts";

/** Deletes one of the organization's plan groups; 404 for any other id. */
export async function deleteBudgetGroup(deps: BudgetPlanDependencies, actor: Actor, groupId: unknown): Promise<void> {
  const deleted =
    typeof groupId === "string" && groupId.length <= 64
      ? await deps.budgets.deleteGroup(actor.organizationId, groupId)
      : false;
  if (!deleted) throw new AppError("not_found", "There is no such budget group in your organization.");
}
