import type { BillingCurrency } from "#core/billing/payment-provider.ts";
import { PLANS, periodPriceMinor } from "#core/billing/plan-catalog.ts";
import type { PlanOffer } from "./billing-types.ts";

/** The catalog's plans priced in the organization's billing currency: nothing is converted. */
export function planOffersIn(currency: BillingCurrency): PlanOffer[] {
  return PLANS.map((plan) => {
    const yearly = periodPriceMinor(plan, "yearly", currency);
    return {
      id: plan.id,
      name: plan.name,
      isPopular: plan.isPopular,
      monthlyMinor: {
        monthly: periodPriceMinor(plan, "monthly", currency),
        yearly: yearly === null ? null : Math.round(yearly / 12),
      },
      yearlyTotalMinor: yearly,
      limits: { ...plan.limits },
    };
  });
}
