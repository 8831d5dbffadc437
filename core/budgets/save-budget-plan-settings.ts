import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { budgetPlanSettingsSchema, fieldErrorsOf } from "./budget-plan-schema.ts";
import type { BudgetPlan } from "./budget-plan-types.ts";
import { type BudgetPlanDependencies, loadBudgetPlan } from "./get-budget-plan.ts";

export const PLAN_INVALID_MESSAGE = "Please correct the highlighted fields.";
export const PLAN_NOT_SAVED_TITLE = "Budget plan not saved";

/** A refusal of a plan form: 422 with field errors under `details.fieldErrors`. */
export function planRefusal(fieldErrors: Record<string, string>): AppError {
  return new AppError("unprocessable_entity", PLAN_INVALID_MESSAGE, { title: PLAN_NOT_SAVED_TITLE, fieldErrors });
}

/**
 * Saves the plan's settings (objective, revenue source, mode, pacing curve and the guardrails) from
 * an untrusted form. Target mode needs the goal's target ROAS or CPA. Returns the plan.
 */
export async function saveBudgetPlanSettings(
  deps: BudgetPlanDependencies,
  actor: Actor,
  form: unknown,
): Promise<BudgetPlan> {
  const parsed = budgetPlanSettingsSchema.safeParse(form);
  if (!parsed.success) throw planRefusal(fieldErrorsOf(parsed.error));
  if (parsed.data.mode === "target") {
    const goal = await deps.organizationGoal(actor.organizationId);
    const hasTarget =
      (goal?.targetKind === "roas" && goal.targetRoas !== null) ||
      (goal?.targetKind === "cpa" && goal.targetCpaMinor !== null);
    if (!hasTarget) throw planRefusal({ mode: "Set a target ROAS or CPA in Goals to aim for it." });
  }
  await deps.budgets.saveSettings(actor.organizationId, parsed.data, actor.label);
  return loadBudgetPlan(deps, actor.organizationId);
}
