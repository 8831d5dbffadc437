import {
  formatPlanPrice,
  monthlyPriceCents,
  PLAN_CURRENCY,
  PLANS,
  type Plan,
  TRIAL_DAYS,
  TRIAL_PLAN_ID,
  YEARLY_DISCOUNT_PERCENT,
  yearlyTotalCents,
} from "#core/billing/plan-catalog.ts";
import { formatNumber } from "#core/shared/number-format.ts";

/**
 * The legal texts state plan facts (prices, limits, the trial) that the pricing page also shows.
 * They are written as `{{placeholders}}` in content/legal/*.md and filled from the plan catalog
 * here, so the two can never disagree.
 */
const PLACEHOLDER = /\{\{\s*([a-z0-9.-]+)\s*\}\}/g;

function formatLimit(limit: number | null): string {
  return limit === null ? "Unlimited" : formatNumber(limit, "en-US");
}

/** "CSV", "CSV and Excel", "CSV, Excel and API". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function priceLabel(plan: Plan): string {
  const monthly = monthlyPriceCents(plan, "monthly");
  const yearlyMonth = monthlyPriceCents(plan, "yearly");
  const yearlyTotal = yearlyTotalCents(plan);
  if (monthly === null || yearlyMonth === null || yearlyTotal === null) return "Custom pricing";
  return `${formatPlanPrice(monthly)} per month, or ${formatPlanPrice(yearlyMonth)} per month billed yearly (${formatPlanPrice(yearlyTotal)} a year)`;
}

/** One Markdown table of every plan: price, the three limits and the export formats. */
export function planTableMarkdown(): string {
  const rows = PLANS.map((plan) =>
    [
      plan.name,
      priceLabel(plan),
      formatLimit(plan.limits.adAccounts),
      formatLimit(plan.limits.teamMembers),
      formatLimit(plan.limits.apiCallsPerMonth),
      joinWithAnd(plan.exportFormats),
    ].join(" | "),
  );
  return [
    "| Plan | Price | Ad accounts | Team members | API calls per month | Data export |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** Every placeholder a legal document may use, with its value. */
export function legalPlaceholderValues(): Record<string, string> {
  const trialPlan = PLANS.find((plan) => plan.id === TRIAL_PLAN_ID);
  if (!trialPlan) throw new Error(`The trial plan ${TRIAL_PLAN_ID} is not in the catalog`);
  const values: Record<string, string> = {
    "plan-table": planTableMarkdown(),
    "trial-days": String(TRIAL_DAYS),
    "trial-plan": trialPlan.name,
    "yearly-discount": `${YEARLY_DISCOUNT_PERCENT}%`,
    currency: PLAN_CURRENCY,
  };
  for (const plan of PLANS) {
    const monthly = monthlyPriceCents(plan, "monthly");
    const prefix = `plan.${plan.id}`;
    values[`${prefix}.name`] = plan.name;
    values[`${prefix}.price`] = monthly === null ? "custom pricing" : `${formatPlanPrice(monthly)} per month`;
    values[`${prefix}.ad-accounts`] = formatLimit(plan.limits.adAccounts).toLowerCase();
    values[`${prefix}.team-members`] = formatLimit(plan.limits.teamMembers).toLowerCase();
    values[`${prefix}.api-calls`] = formatLimit(plan.limits.apiCallsPerMonth).toLowerCase();
    values[`${prefix}.exports`] = joinWithAnd(plan.exportFormats);
  }
  return values;
}

/** Replaces every `{{name}}` with its catalog value; an unknown name is an error in our content. */
export function fillLegalPlaceholders(markdown: string): string {
  const values = legalPlaceholderValues();
  return markdown.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder ${match} in a legal document`);
    return value;
  });
}
