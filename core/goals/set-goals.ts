import { AppError } from "#core/errors/app-error.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { Goal, GoalRepository, GoalValues } from "./goal-repository.ts";
import { goalsFormSchema, type ParsedGoalEntry } from "./goal-schema.ts";

export const GOALS_INVALID_MESSAGE = "Please correct the highlighted fields.";

export interface SetGoalsInput {
  organizationId: string;
  userId: string;
  /** The saving person's profile currency: goals are kept in it. */
  currency: string;
  /** The form's body, untrusted. */
  form: unknown;
}

/**
 * Replaces the organization's goals with the form's. Entries without a target and without a budget
 * are dropped (that scope has no goal any more). Bad input is refused with field errors in
 * `details.fieldErrors` (paths like `goals.1.targetRoas`) and nothing changes.
 */
export async function setGoals({ goals }: { goals: GoalRepository }, input: SetGoalsInput): Promise<Goal[]> {
  const parsed = goalsFormSchema.safeParse(input.form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
    throw new AppError("unprocessable_entity", GOALS_INVALID_MESSAGE, { title: "Goals not saved", fieldErrors });
  }
  if (parsed.data.currency !== input.currency)
    throw new AppError(
      "conflict",
      `Goals are kept in your profile's currency, ${input.currency}. Reload the page to enter them in ${input.currency}.`,
      { title: "Currency changed" },
    );
  const fieldErrors: Record<string, string> = {};
  const values: GoalValues[] = [];
  parsed.data.goals.forEach((entry, index) => {
    if (entry.targetKind === null && entry.monthlyBudget === null) return;
    const goal = toGoalValues(entry, input.currency);
    // A positive amount too small for the currency (0.001 USD) rounds to zero: refuse it, not store it.
    if (goal.targetCpaMinor === 0) fieldErrors[`goals.${index}.targetCpa`] = TOO_SMALL_MESSAGE;
    if (goal.monthlyBudgetMinor === 0) fieldErrors[`goals.${index}.monthlyBudget`] = TOO_SMALL_MESSAGE;
    values.push(goal);
  });
  if (Object.keys(fieldErrors).length > 0)
    throw new AppError("unprocessable_entity", GOALS_INVALID_MESSAGE, { title: "Goals not saved", fieldErrors });
  await goals.replaceAll(input.organizationId, values, input.userId);
  return goals.list(input.organizationId);
}

const TOO_SMALL_MESSAGE = "This amount is smaller than the currency's smallest unit.";

function toGoalValues(entry: ParsedGoalEntry, currency: string): GoalValues {
  const toMinor = (amount: number | null) => (amount === null ? null : decimalToMinor(amount, currency));
  return {
    scope: entry.scope,
    targetKind: entry.targetKind,
    targetRoas: entry.targetRoas,
    targetCpaMinor: toMinor(entry.targetCpa),
    monthlyBudgetMinor: toMinor(entry.monthlyBudget),
    currency,
  };
}
