/**
 * The one plan catalog. The landing page, the pricing page, the billing page, the legal texts,
 * the product's JSON-LD offers and (later) API rate limits all read it. The seed's sources
 * disagree; this follows the pricing page and the legal text (docs/decisions/).
 */
import { formatPrice } from "#core/shared/number-format.ts";

export type PlanId = "starter" | "professional" | "enterprise";

/** An organization is billed in one of these; each plan sets its price in each, nothing is converted. */
export const BILLING_CURRENCIES = ["USD", "EUR"] as const;
export type PlanCurrency = (typeof BILLING_CURRENCIES)[number];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per month when billed monthly, in USD cents; null for custom (Enterprise) pricing. */
  monthlyPriceCents: number | null;
  /** Price per month when billed monthly, in minor units of each billing currency; null for custom pricing. */
  monthlyPriceMinor: Record<PlanCurrency, number | null>;
  isPopular: boolean;
  /** null means unlimited. */
  limits: {
    adAccounts: number | null;
    teamMembers: number | null;
    apiCallsPerMonth: number | null;
    rules: number | null;
    /** Questions to Ask Adhelm per organization per calendar month (UTC). */
    askQuestionsPerMonth: number | null;
  };
  exportFormats: readonly string[];
  /** The bullet points of a plan card, in order. */
  features: readonly string[];
}

export const PLAN_CURRENCY = "USD";
/** Yearly billing saves this much on the monthly price and is billed once a year. */
export const YEARLY_DISCOUNT_PERCENT = 20;
export const TRIAL_DAYS = 14;
/** The trial is of this plan, one per business entity, and converts to paid unless cancelled. */
export const TRIAL_PLAN_ID: PlanId = "professional";

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For a brand or a freelancer running its first cross-platform campaigns.",
    monthlyPriceCents: 4_900,
    monthlyPriceMinor: { USD: 4_900, EUR: 4_900 },
    isPopular: false,
    limits: { adAccounts: 3, teamMembers: 2, apiCallsPerMonth: 10_000, rules: 10, askQuestionsPerMonth: 200 },
    exportFormats: ["CSV"],
    features: [
      "3 ad accounts",
      "2 team members",
      "10,000 API calls a month",
      "CSV export",
      "Cross-platform dashboard",
      "Automation rules",
    ],
  },
  {
    id: "professional",
    name: "Professional",
    description: "For growing teams that manage several brands or markets.",
    monthlyPriceCents: 14_900,
    monthlyPriceMinor: { USD: 14_900, EUR: 14_900 },
    isPopular: true,
    limits: { adAccounts: 15, teamMembers: 10, apiCallsPerMonth: 100_000, rules: 100, askQuestionsPerMonth: 2_000 },
    exportFormats: ["CSV", "Excel", "API"],
    features: [
      "15 ad accounts",
      "10 team members",
      "100,000 API calls a month",
      "CSV, Excel and API export",
      "AI budget optimization",
      "Blended ROAS from your store",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "For agencies and enterprises with many accounts, custom needs and security reviews.",
    monthlyPriceCents: null,
    monthlyPriceMinor: { USD: null, EUR: null },
    isPopular: false,
    limits: { adAccounts: null, teamMembers: null, apiCallsPerMonth: null, rules: null, askQuestionsPerMonth: null },
    exportFormats: ["CSV", "Excel", "API"],
    features: [
      "Unlimited ad accounts",
      "Unlimited team members",
      "Unlimited API calls",
      "SSO and a data processing agreement",
      "Dedicated success manager",
      "Invoicing on annual plans",
    ],
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export type BillingInterval = "monthly" | "yearly";

/** What a month costs on `interval`, in cents (yearly: 20% off); null for custom pricing. */
export function monthlyPriceCents(plan: Plan, interval: BillingInterval): number | null {
  if (plan.monthlyPriceCents === null) return null;
  if (interval === "monthly") return plan.monthlyPriceCents;
  return Math.round((plan.monthlyPriceCents * (100 - YEARLY_DISCOUNT_PERCENT)) / 100);
}

/** The amount billed once a year on yearly billing: twelve discounted months. */
export function yearlyTotalCents(plan: Plan): number | null {
  const perMonth = monthlyPriceCents(plan, "yearly");
  return perMonth === null ? null : perMonth * 12;
}

/** "$49", "$39.20": whole dollars without decimals. */
export function formatPlanPrice(cents: number): string {
  return formatPrice(cents, PLAN_CURRENCY, "en-US");
}

/**
 * What one billing period of `plan` costs in `currency`, in minor units: a month's price, or twelve
 * discounted months on yearly billing; null for custom (Enterprise) pricing.
 */
export function periodPriceMinor(plan: Plan, interval: BillingInterval, currency: PlanCurrency): number | null {
  const monthly = plan.monthlyPriceMinor[currency];
  if (monthly === null) return null;
  if (interval === "monthly") return monthly;
  return Math.round((monthly * (100 - YEARLY_DISCOUNT_PERCENT)) / 100) * 12;
}
