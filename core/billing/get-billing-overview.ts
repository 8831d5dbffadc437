import type { Actor } from "#core/access/actor.ts";
import { can } from "#core/access/permissions.ts";
import { usagePeriodOf } from "#core/api-usage/meter-api-calls.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { limitOf } from "./billing-limits.ts";
import type { BillingAccount, Invoice, ReadOnlyReason, SubscriptionStatus } from "./billing-types.ts";
import type { BillingCurrency, PaymentMethodSummary } from "./payment-provider.ts";
import { type BillingInterval, findPlan, type PlanId, TRIAL_PLAN_ID } from "./plan-catalog.ts";

export interface UsageMeter {
  used: number;
  /** null: unlimited. */
  limit: number | null;
}

export interface BillingOverview {
  planId: PlanId;
  planName: string;
  interval: BillingInterval;
  status: SubscriptionStatus;
  readOnlyReason: ReadOnlyReason | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  /** When the next charge happens; null when nothing renews (cancelled, trial without conversion). */
  renewsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  currency: BillingCurrency;
  /** What the open invoices still ask, in minor units: the sidebar's badge. */
  amountDueMinor: number;
  creditMinor: number;
  usage: { adAccounts: UsageMeter; members: UsageMeter; rules: UsageMeter; apiCalls: UsageMeter };
  /** The rest only for those who manage billing (billing.manage); null for everyone else. */
  paymentMethod: PaymentMethodSummary | null;
  invoices: Invoice[] | null;
  account: Omit<BillingAccount, "providerCustomerId"> | null;
  /** Whether the currency can still be chosen (no invoice paid yet). */
  canChooseCurrency: boolean;
}

/** The plan, its status and dates, usage against the limits and what is due; invoices and card for billing.manage. */
export async function getBillingOverview(deps: BillingDependencies, actor: Actor): Promise<BillingOverview> {
  const subscription = await deps.billing.ensureSubscription(actor.organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  const plan = findPlan(subscription.planId) ?? findPlan(TRIAL_PLAN_ID);
  if (!plan) throw new AppError("internal_error", "The plan catalog has no trial plan.");
  const account = await deps.billing.ensureAccount(actor.organizationId);
  const usage = await deps.billing.usage(actor.organizationId, usagePeriodOf(deps.now().getTime()));
  const open = await deps.billing.openInvoices(actor.organizationId);
  const manages = can(actor, "billing.manage");
  const invoices = manages || open.length > 0 ? await deps.billing.listInvoices(actor.organizationId) : [];
  const renews = subscription.cancelAtPeriodEnd
    ? null
    : subscription.status === "trialing"
      ? subscription.paymentMethod
        ? subscription.trialEndsAt
        : null
      : subscription.status === "active" || subscription.status === "past_due"
        ? subscription.currentPeriodEnd
        : null;
  const { providerCustomerId: _hidden, ...details } = account;
  return {
    planId: plan.id,
    planName: plan.name,
    interval: subscription.interval,
    status: subscription.status,
    readOnlyReason: subscription.readOnlyReason,
    trialEndsAt: subscription.trialEndsAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    renewsAt: renews,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currency: account.currency,
    amountDueMinor: open
      .filter((invoice) => invoice.kind !== "checkout")
      .reduce((sum, invoice) => sum + invoice.amountDueMinor, 0),
    creditMinor: subscription.creditMinor,
    usage: {
      adAccounts: { used: usage.adAccounts, limit: limitOf(plan, "adAccounts") },
      members: { used: usage.members, limit: limitOf(plan, "members") },
      rules: { used: usage.rules, limit: limitOf(plan, "rules") },
      apiCalls: { used: usage.apiCallsThisMonth, limit: plan.limits.apiCallsPerMonth },
    },
    paymentMethod: manages ? subscription.paymentMethod : null,
    invoices: manages ? invoices : null,
    account: manages ? details : null,
    canChooseCurrency: !invoices.some((invoice) => invoice.status === "paid"),
  };
}
