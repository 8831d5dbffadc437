import type { BillingDependencies } from "./billing-dependencies.ts";
import { restoreIfSettled, voidInvoice } from "./invoice-charges.ts";
import type { ProviderEvent } from "./payment-provider.ts";
import { findPlan } from "./plan-catalog.ts";

const SYSTEM = { kind: "system", id: "billing", label: "Adhelm billing" } as const;

/**
 * What the payment provider reports, already verified: processed once per event id (a replay is
 * acknowledged and changes nothing). A completed checkout pays its invoice, saves the card and
 * starts the plan at once; a payment reported paid settles its invoice; a new card is saved.
 */
export async function handleProviderEvent(
  deps: BillingDependencies,
  event: ProviderEvent,
): Promise<{ processed: boolean }> {
  if (!(await deps.billing.claimEvent(deps.provider.id, event.eventId, event.kind))) return { processed: false };
  try {
    await apply(deps, event);
  } catch (error) {
    // Not processed: the provider's retry of the same event may try again.
    await deps.billing.releaseEvent(deps.provider.id, event.eventId);
    throw error;
  }
  return { processed: true };
}

async function apply(deps: BillingDependencies, event: ProviderEvent): Promise<void> {
  if (event.kind === "ignored" || event.kind === "payment.failed") return;
  const organizationId = await deps.billing.organizationOfCustomer(deps.provider.id, event.customerId);
  if (!organizationId) return;
  const now = deps.now();
  const actor = { ...SYSTEM, organizationId };

  if (event.kind === "payment_method.updated") {
    await deps.billing.updateSubscription(organizationId, { paymentMethod: event.paymentMethod }, now);
    await deps.audit.record(actor, {
      action: "billing.payment_method_updated",
      details: event.paymentMethod ? { brand: event.paymentMethod.brand, last4: event.paymentMethod.last4 } : null,
    });
    return;
  }

  const invoiceId = event.metadata.invoiceId;
  // Metadata names the organization too: an event for another organization's invoice changes nothing.
  if (!invoiceId || (event.metadata.organizationId && event.metadata.organizationId !== organizationId)) return;
  const invoice = await deps.billing.findInvoice(organizationId, invoiceId);
  if (!invoice) return;

  if (invoice.status === "open" || invoice.status === "void")
    await deps.billing.updateInvoice(invoice.id, {
      status: "paid",
      paidAt: now,
      providerPaymentId: event.paymentId,
      nextAttemptAt: null,
    });

  if (event.kind === "payment.succeeded") {
    await restoreIfSettled(deps, organizationId);
    return;
  }

  // checkout.completed: the card is saved and the chosen plan starts now, for its whole period.
  if (event.paymentMethod)
    await deps.billing.updateSubscription(organizationId, { paymentMethod: event.paymentMethod }, now);
  if (invoice.kind !== "checkout") {
    await restoreIfSettled(deps, organizationId);
    return;
  }
  const before = await deps.billing.findSubscription(organizationId);
  // The new period supersedes what an earlier period left unpaid.
  for (const open of await deps.billing.openInvoices(organizationId)) await voidInvoice(deps, open);
  await deps.billing.updateSubscription(
    organizationId,
    {
      planId: invoice.planId,
      interval: invoice.interval,
      status: "active",
      readOnlyReason: null,
      pastDueSince: null,
      trialEndsAt: null,
      currentPeriodStart: invoice.periodStart,
      currentPeriodEnd: invoice.periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
    },
    now,
  );
  await deps.audit.record(actor, {
    action: "billing.plan_changed",
    // Named by the plan it now is; the invoice that paid for it is in the details.
    target: {
      type: "subscription",
      id: invoice.organizationId,
      label: findPlan(invoice.planId)?.name ?? invoice.planId,
    },
    details: {
      invoice: invoice.number,
      from: before ? { plan: before.planId, status: before.status } : null,
      to: { plan: invoice.planId, interval: invoice.interval },
      amountMinor: invoice.amountDueMinor,
      currency: invoice.currency,
    },
  });
}
