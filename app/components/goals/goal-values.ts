import type { Goal } from "#core/goals/goal-repository.ts";
import { type GoalEntryInput, type GoalsFormInput, ORGANIZATION_SCOPE } from "#core/goals/goal-schema.ts";
import { currencyExponent } from "#core/shared/money.ts";

/** The form's values from the saved goals: the organization's entry always first, amounts as text. */
export function toGoalsFormValues(goals: Goal[], currency: string): GoalsFormInput {
  const organization = goals.find((goal) => goal.scope === ORGANIZATION_SCOPE);
  return {
    currency,
    goals: [
      organization ? toEntry(organization) : emptyGoalEntry(ORGANIZATION_SCOPE),
      ...goals.filter((goal) => goal.scope !== ORGANIZATION_SCOPE).map(toEntry),
    ],
  };
}

export function emptyGoalEntry(scope: GoalEntryInput["scope"]): GoalEntryInput {
  return { scope, targetKind: "none", targetRoas: "", targetCpa: "", monthlyBudget: "" };
}

function toEntry(goal: Goal): GoalEntryInput {
  // Amounts keep their own currency's decimals; a later currency change is flagged by the page.
  const amount = (minor: number | null) => (minor === null ? "" : formatAmountText(minor, goal.currency));
  return {
    scope: goal.scope,
    targetKind: goal.targetKind ?? "none",
    targetRoas: goal.targetRoas === null ? "" : String(goal.targetRoas),
    targetCpa: amount(goal.targetCpaMinor),
    monthlyBudget: amount(goal.monthlyBudgetMinor),
  };
}

/** 2500000 USD → "25,000"; 1850 → "18.50": what a person would type, which the schema reads back. */
export function formatAmountText(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const major = minor / 10 ** exponent;
  const decimals = Number.isInteger(major) ? 0 : exponent;
  return new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    major,
  );
}

/** "$", "€", "CHF": what goes in front of an amount field. */
export function currencySymbolOf(currency: string): string {
  const parts = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}
