import { SALES_EMAIL } from "#app/lib/contact-addresses.ts";
import {
  type BillingInterval,
  formatPlanPrice,
  monthlyPriceCents,
  PLANS,
  type Plan,
  yearlyTotalCents,
} from "#core/billing/plan-catalog.ts";
import { formatNumber } from "#core/shared/number-format.ts";

export interface PlanPriceDisplay {
  /** "$49", "$39.20" or "Custom". */
  amount: string;
  /** "/month" after a number; null for custom pricing. */
  period: string | null;
  /** The line under the price: how it is billed. */
  billingNote: string;
}

/** How a plan card shows its price on the chosen billing interval. */
export function describePlanPrice(plan: Plan, interval: BillingInterval): PlanPriceDisplay {
  const perMonth = monthlyPriceCents(plan, interval);
  if (perMonth === null) return { amount: "Custom", period: null, billingNote: "Tailored to your accounts and team" };
  if (interval === "monthly")
    return { amount: formatPlanPrice(perMonth), period: "/month", billingNote: "Billed monthly" };
  const total = yearlyTotalCents(plan) ?? perMonth * 12;
  return {
    amount: formatPlanPrice(perMonth),
    period: "/month",
    billingNote: `Billed ${formatPlanPrice(total)} yearly`,
  };
}

export interface PlanCallToAction {
  label: string;
  href: string;
  isExternal: boolean;
}

/** Custom-priced plans talk to sales; the others start the trial with the plan preselected. */
export function planCallToAction(plan: Plan): PlanCallToAction {
  if (plan.monthlyPriceCents === null)
    return { label: "Contact sales", href: `mailto:${SALES_EMAIL}?subject=Adhelm%20${plan.name}`, isExternal: true };
  return { label: "Start Free Trial", href: `/signup?plan=${plan.id}`, isExternal: false };
}

/** "10,000", or "Unlimited" for a null limit. */
export function formatLimit(limit: number | null): string {
  return limit === null ? "Unlimited" : formatNumber(limit, "en-US");
}

export interface ComparisonRow {
  label: string;
  /** One cell per plan, in the catalog's order. */
  values: string[];
}

/** The pricing page's comparison table, generated from the catalog so it can never disagree with it. */
export function buildPlanComparisonRows(plans: readonly Plan[] = PLANS): ComparisonRow[] {
  return [
    {
      label: "Monthly price",
      values: plans.map((plan) => {
        const cents = monthlyPriceCents(plan, "monthly");
        return cents === null ? "Custom" : formatPlanPrice(cents);
      }),
    },
    { label: "Ad accounts", values: plans.map((plan) => formatLimit(plan.limits.adAccounts)) },
    { label: "Team members", values: plans.map((plan) => formatLimit(plan.limits.teamMembers)) },
    { label: "API calls a month", values: plans.map((plan) => formatLimit(plan.limits.apiCallsPerMonth)) },
    {
      label: "Ask Adhelm questions a month",
      values: plans.map((plan) => formatLimit(plan.limits.askQuestionsPerMonth)),
    },
    { label: "Export formats", values: plans.map((plan) => plan.exportFormats.join(", ")) },
  ];
}
