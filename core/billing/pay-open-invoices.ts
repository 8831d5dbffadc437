import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { chargeInvoice, restoreIfSettled } from "./invoice-charges.ts";
import { ensureCustomer } from "./start-checkout.ts";

/**
 * "Pay now": charges every open invoice (a failed renewal's, a trial conversion's) with the card on
 * file; once nothing is open, a past_due or read-only organization is active again at once.
 */
export async function payOpenInvoices(
  deps: BillingDependencies,
  actor: Actor,
): Promise<{ paid: number; failedMessage: string | null }> {
  const open = (await deps.billing.openInvoices(actor.organizationId)).filter((invoice) => invoice.kind !== "checkout");
  if (open.length === 0) throw new AppError("conflict", "There is nothing to pay.");
  let paid = 0;
  for (const invoice of open) {
    const outcome = await chargeInvoice(deps, invoice);
    if (!outcome.paid) return { paid, failedMessage: outcome.message };
    paid++;
  }
  await restoreIfSettled(deps, actor.organizationId);
  return { paid, failedMessage: null };
}

/** The provider's page where the customer adds or replaces their card; it returns to /billing/payment-method. */
export async function openPaymentPortal(deps: BillingDependencies, actor: Actor): Promise<{ url: string }> {
  const customerId = await ensureCustomer(deps, actor.organizationId);
  const page = await deps.provider.createPortal({ customerId, returnUrl: `${deps.appUrl}/billing/payment-method` });
  return { url: page.url };
}
