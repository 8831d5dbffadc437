import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { addInterval } from "./billing-periods.ts";
import { BILLING_MESSAGES, checkoutSchema } from "./billing-schemas.ts";
import { issueInvoice, voidInvoice } from "./invoice-charges.ts";
import { findPlan, periodPriceMinor } from "./plan-catalog.ts";

/** A customer of the provider for the organization, made once. */
export async function ensureCustomer(deps: BillingDependencies, organizationId: string): Promise<string> {
  const account = await deps.billing.ensureAccount(organizationId);
  if (account.provider === deps.provider.id && account.providerCustomerId) return account.providerCustomerId;
  const contact = await deps.billing.contactOf(organizationId);
  const customer = await deps.provider.ensureCustomer({
    organizationId,
    name: account.companyName ?? contact.name,
    email: account.billingEmail ?? contact.email ?? "",
    existingCustomerId: account.provider === deps.provider.id ? account.providerCustomerId : null,
  });
  await deps.billing.updateAccount(
    organizationId,
    { provider: deps.provider.id, providerCustomerId: customer.customerId },
    deps.now(),
  );
  return customer.customerId;
}

/**
 * Choosing a plan during the trial, or after it ended, or after a cancellation: an invoice for the
 * first period and the provider's hosted checkout, which saves the card and takes the payment.
 * The plan starts when the provider reports the checkout completed (handle-provider-event.ts).
 * The currency can be chosen while no invoice was ever paid.
 */
export async function startCheckout(
  deps: BillingDependencies,
  actor: Actor,
  values: unknown,
): Promise<{ url: string; invoiceId: string }> {
  const parsed = checkoutSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", BILLING_MESSAGES.invalid, { fieldErrors: fieldErrorsOf(parsed.error) });
  const { organizationId } = actor;
  const subscription = await deps.billing.ensureSubscription(organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  if (subscription.status === "active" || subscription.status === "past_due")
    throw new AppError(
      "conflict",
      subscription.status === "active"
        ? "This organization already has a paid plan: change the plan instead."
        : "An invoice is open: pay it with the card on file, or update the card first.",
    );
  const plan = findPlan(parsed.data.planId);
  if (!plan) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const invoices = await deps.billing.listInvoices(organizationId);
  if (parsed.data.currency) {
    const account = await deps.billing.ensureAccount(organizationId);
    if (parsed.data.currency !== account.currency) {
      if (invoices.some((invoice) => invoice.status === "paid"))
        throw new AppError("conflict", "The billing currency is fixed once an invoice has been paid.", {
          fieldErrors: { currency: "The billing currency is fixed once an invoice has been paid." },
        });
      await deps.billing.updateAccount(organizationId, { currency: parsed.data.currency }, deps.now());
    }
  }
  // An earlier checkout left unfinished is replaced by this one.
  for (const invoice of invoices)
    if (invoice.status === "open" && invoice.kind === "checkout") await voidInvoice(deps, invoice);

  const customerId = await ensureCustomer(deps, organizationId);
  const account = await deps.billing.ensureAccount(organizationId);
  const price = periodPriceMinor(plan, parsed.data.interval, account.currency);
  if (price === null) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const now = deps.now();
  const periodEnd = addInterval(now, parsed.data.interval);
  const invoice = await issueInvoice(deps, {
    organizationId,
    kind: "checkout",
    planId: plan.id,
    interval: parsed.data.interval,
    periodStart: now,
    periodEnd,
    lines: [
      {
        description: `${plan.name} plan, ${parsed.data.interval}`,
        periodStart: now.toISOString(),
        periodEnd: periodEnd.toISOString(),
        quantity: 1,
        unitMinor: price,
        amountMinor: price,
      },
    ],
  });
  const page = await deps.provider.createCheckout({
    customerId,
    amountMinor: invoice.status === "paid" ? 0 : invoice.amountDueMinor,
    currency: account.currency,
    description: `Adhelm ${plan.name} (${parsed.data.interval}) — invoice ${invoice.number}`,
    successUrl: `${deps.appUrl}/billing?checkout=success`,
    cancelUrl: `${deps.appUrl}/billing?checkout=cancelled`,
    metadata: { organizationId, invoiceId: invoice.id },
    idempotencyKey: `checkout:${invoice.id}`,
  });
  return { url: page.url, invoiceId: invoice.id };
}
