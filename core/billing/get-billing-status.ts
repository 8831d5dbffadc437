import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import type { ReadOnlyReason, SubscriptionStatus } from "./billing-types.ts";
import type { BillingCurrency } from "./payment-provider.ts";

/** What every app screen's shell shows of billing: the sidebar's amount due and the banners. */
export interface BillingStatus {
  status: SubscriptionStatus;
  readOnlyReason: ReadOnlyReason | null;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
  currency: BillingCurrency;
  /** What the open invoices still ask (an unfinished checkout's excluded), in minor units. */
  amountDueMinor: number;
}

/** The small read behind the app layout's billing badge and banners (three indexed queries). */
export async function getBillingStatus(deps: BillingDependencies, actor: Actor): Promise<BillingStatus> {
  const subscription = await deps.billing.ensureSubscription(actor.organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  const [account, open] = await Promise.all([
    deps.billing.ensureAccount(actor.organizationId),
    deps.billing.openInvoices(actor.organizationId),
  ]);
  return {
    status: subscription.status,
    readOnlyReason: subscription.readOnlyReason,
    trialEndsAt: subscription.trialEndsAt,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    hasPaymentMethod: subscription.paymentMethod !== null,
    currency: account.currency,
    amountDueMinor: open
      .filter((invoice) => invoice.kind !== "checkout")
      .reduce((sum, invoice) => sum + invoice.amountDueMinor, 0),
  };
}
