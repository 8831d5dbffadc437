import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { addInterval, remainingShare } from "./billing-periods.ts";
import { BILLING_MESSAGES, selfServePlanSchema } from "./billing-schemas.ts";
import type { BillingCurrency } from "./payment-provider.ts";
import { findPlan, periodPriceMinor } from "./plan-catalog.ts";

export interface PlanChangePreview {
  planId: string;
  interval: string;
  currency: BillingCurrency;
  /** What changePlan would charge now (an upgrade), in minor units; 0 for a downgrade. */
  chargeMinor: number;
  /** What changePlan would credit to the next invoices (a downgrade), in minor units. */
  creditMinor: number;
  /** When the (new) period ends: the next renewal. */
  periodEnd: Date;
}

/**
 * What switching to another plan would cost now, computed as changePlan does (prorated to the
 * second, Terms §6), without changing anything: the confirmation dialog shows it.
 */
export async function previewPlanChange(
  deps: BillingDependencies,
  actor: Actor,
  values: unknown,
): Promise<PlanChangePreview> {
  const parsed = selfServePlanSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", BILLING_MESSAGES.invalid, { fieldErrors: fieldErrorsOf(parsed.error) });
  const subscription = await deps.billing.ensureSubscription(actor.organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  if (subscription.status !== "active" || !subscription.currentPeriodStart || !subscription.currentPeriodEnd)
    throw new AppError("conflict", "Choose a plan through checkout first: there is no paid plan to change yet.");
  const from = findPlan(subscription.planId);
  const to = findPlan(parsed.data.planId);
  if (!from || !to) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const { interval } = parsed.data;
  const account = await deps.billing.ensureAccount(actor.organizationId);
  const oldPrice = periodPriceMinor(from, subscription.interval, account.currency) ?? 0;
  const newPrice = periodPriceMinor(to, interval, account.currency);
  if (newPrice === null) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const now = deps.now();
  const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  const sameInterval = interval === subscription.interval;
  const unusedOld = remainingShare(oldPrice, period, now);
  const newPart = sameInterval ? remainingShare(newPrice, period, now) : newPrice;
  const net = newPart - unusedOld;
  // An upgrade's invoice takes the credit the organization already holds off what it charges.
  const charge = net > 0 ? Math.max(0, net - subscription.creditMinor) : 0;
  const periodEnd = sameInterval ? period.end : addInterval(now, interval);
  return {
    planId: to.id,
    interval,
    currency: account.currency,
    chargeMinor: charge,
    creditMinor: net > 0 ? 0 : -net,
    periodEnd,
  };
}
