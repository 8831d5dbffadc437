import type { Goal } from "#core/goals/goal-repository.ts";
import { type GoalEntryInput, type GoalsFormInput, ORGANIZATION_SCOPE } from "#core/goals/goal-schema.ts";
import { currencyExponent } from "#core/shared/money.ts";
import { formatNumber } from "#core/shared/number-format.ts";

/**
 * The form's values from the saved goals: the organization's entry always first, amounts as text
 * in the reader's locale (the form reads them back with canonicalAmountText).
 */
export function toGoalsFormValues(goals: Goal[], currency: string, locale = "en-US"): GoalsFormInput {
  const organization = goals.find((goal) => goal.scope === ORGANIZATION_SCOPE);
  return {
    currency,
    goals: [
      organization ? toEntry(organization, locale) : emptyGoalEntry(ORGANIZATION_SCOPE),
      ...goals.filter((goal) => goal.scope !== ORGANIZATION_SCOPE).map((goal) => toEntry(goal, locale)),
    ],
  };
}

export function emptyGoalEntry(scope: GoalEntryInput["scope"]): GoalEntryInput {
  return { scope, targetKind: "none", targetRoas: "", targetCpa: "", monthlyBudget: "" };
}

function toEntry(goal: Goal, locale: string): GoalEntryInput {
  // Amounts keep their own currency's decimals; a later currency change is flagged by the page.
  const amount = (minor: number | null) => (minor === null ? "" : formatAmountText(minor, goal.currency, locale));
  return {
    scope: goal.scope,
    targetKind: goal.targetKind ?? "none",
    targetRoas:
      goal.targetRoas === null
        ? ""
        : new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(goal.targetRoas),
    targetCpa: amount(goal.targetCpaMinor),
    monthlyBudget: amount(goal.monthlyBudgetMinor),
  };
}

/**
 * 2500000 USD → "25,000" ("25.000" in German); 1850 → "18.50" ("18,50"): what a person would type
 * in their locale, which the form reads back.
 */
export function formatAmountText(minor: number, currency: string, locale = "en-US"): string {
  const exponent = currencyExponent(currency);
  const major = minor / 10 ** exponent;
  const decimals = Number.isInteger(major) ? 0 : exponent;
  return formatNumber(major, locale, decimals);
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
