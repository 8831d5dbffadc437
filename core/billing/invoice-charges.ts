/**
 * What billing's use cases share: issuing an invoice (with the buyer's snapshot and the credit
 * balance taken off), charging it with the card on file, and what follows a payment or a failure
 * (active at once; or past_due with a dunning mail and the next retry, then read-only).
 */

import type { BillingDependencies } from "./billing-dependencies.ts";
import { type BillingMailTarget, paymentFailedMail, readOnlyMail } from "./billing-mail.ts";
import { nextRetryAt } from "./billing-periods.ts";
import type { NewInvoice } from "./billing-repository.ts";
import type { Invoice } from "./billing-types.ts";
import { findPlan, type PlanId } from "./plan-catalog.ts";

export function planNameOf(planId: PlanId): string {
  return findPlan(planId)?.name ?? planId;
}

export async function mailTargetOf(
  deps: BillingDependencies,
  organizationId: string,
): Promise<BillingMailTarget | null> {
  const contact = await deps.billing.contactOf(organizationId);
  if (!contact.email) return null;
  return {
    to: contact.email,
    organization: contact.name,
    language: contact.language,
    billingUrl: `${deps.appUrl}/billing`,
  };
}

/** Sends a mail once per notice key; a failed send is tried again on the next tick. */
export async function sendNoticeOnce(
  deps: BillingDependencies,
  organizationId: string,
  key: string,
  build: (target: BillingMailTarget) => Parameters<BillingDependencies["mailer"]["send"]>[0],
): Promise<boolean> {
  const target = await mailTargetOf(deps, organizationId);
  if (!target) return false;
  if (!(await deps.billing.claimNotice(organizationId, key, deps.now()))) return false;
  try {
    await deps.mailer.send(build(target));
  } catch (error) {
    await deps.billing.releaseNotice(organizationId, key);
    throw error;
  }
  return true;
}

/** Issues an invoice for the organization, its credit balance taken off the amount due. */
export async function issueInvoice(
  deps: BillingDependencies,
  input: Omit<NewInvoice, "buyer" | "currency" | "creditAppliedMinor" | "issuedAt">,
): Promise<Invoice> {
  const account = await deps.billing.ensureAccount(input.organizationId);
  const contact = await deps.billing.contactOf(input.organizationId);
  const subscription = await deps.billing.findSubscription(input.organizationId);
  const subtotal = input.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const credit = Math.max(0, Math.min(subscription?.creditMinor ?? 0, subtotal));
  const now = deps.now();
  const invoice = await deps.billing.insertInvoice({
    ...input,
    currency: account.currency,
    creditAppliedMinor: credit,
    issuedAt: now,
    buyer: {
      name: account.companyName ?? contact.name,
      email: account.billingEmail ?? contact.email,
      address: account.address,
      vatNumber: account.vatNumber,
    },
  });
  if (credit > 0 && subscription)
    await deps.billing.updateSubscription(
      input.organizationId,
      { creditMinor: subscription.creditMinor - credit },
      now,
    );
  if (invoice.amountDueMinor === 0) {
    await deps.billing.updateInvoice(invoice.id, { status: "paid", paidAt: now });
    return { ...invoice, status: "paid", paidAt: now };
  }
  return invoice;
}

/** Gives back the credit an invoice took when it is voided unpaid. */
export async function voidInvoice(deps: BillingDependencies, invoice: Invoice): Promise<void> {
  await deps.billing.updateInvoice(invoice.id, { status: "void", nextAttemptAt: null });
  if (invoice.creditAppliedMinor > 0) {
    const subscription = await deps.billing.findSubscription(invoice.organizationId);
    if (subscription)
      await deps.billing.updateSubscription(
        invoice.organizationId,
        { creditMinor: subscription.creditMinor + invoice.creditAppliedMinor },
        deps.now(),
      );
  }
}

export type ChargeOutcome = { paid: true } | { paid: false; message: string };

/** Charges an open invoice with the saved card; records the attempt and marks it paid on success. */
export async function chargeInvoice(deps: BillingDependencies, invoice: Invoice): Promise<ChargeOutcome> {
  if (invoice.status === "paid") return { paid: true };
  const now = deps.now();
  const account = await deps.billing.ensureAccount(invoice.organizationId);
  const attempt = invoice.attemptCount + 1;
  const result = account.providerCustomerId
    ? await deps.provider.charge({
        customerId: account.providerCustomerId,
        amountMinor: invoice.amountDueMinor,
        currency: invoice.currency,
        description: `Adhelm invoice ${invoice.number}`,
        metadata: { organizationId: invoice.organizationId, invoiceId: invoice.id },
        idempotencyKey: `${invoice.id}:${attempt}`,
      })
    : ({ status: "failed", paymentId: null, failureMessage: "No payment method is on file." } as const);
  const succeeded = result.status === "succeeded";
  await deps.billing.insertAttempt({
    invoiceId: invoice.id,
    organizationId: invoice.organizationId,
    attempt,
    providerPaymentId: result.paymentId,
    outcome: succeeded ? "succeeded" : "failed",
    message: succeeded ? null : result.failureMessage,
    at: now,
  });
  if (succeeded) {
    await deps.billing.updateInvoice(invoice.id, {
      status: "paid",
      paidAt: now,
      providerPaymentId: result.paymentId,
      attemptCount: attempt,
      nextAttemptAt: null,
    });
    return { paid: true };
  }
  await deps.billing.updateInvoice(invoice.id, { attemptCount: attempt });
  return { paid: false, message: result.failureMessage };
}

/** After a payment: with nothing left open, a past_due or read-only organization is active again at once. */
export async function restoreIfSettled(deps: BillingDependencies, organizationId: string): Promise<void> {
  const subscription = await deps.billing.findSubscription(organizationId);
  if (!subscription) return;
  if (
    subscription.status !== "past_due" &&
    !(subscription.status === "read_only" && subscription.readOnlyReason === "payment_failed")
  )
    return;
  if ((await deps.billing.openInvoices(organizationId)).length > 0) return;
  await deps.billing.updateSubscription(
    organizationId,
    { status: "active", readOnlyReason: null, pastDueSince: null },
    deps.now(),
  );
}

/**
 * A charge of a renewal (or a trial's conversion, or a retry) failed: past_due, a mail, and the next
 * retry; after the last retry, read-only (Terms §7).
 */
export async function handleFailedCharge(deps: BillingDependencies, invoice: Invoice, message: string): Promise<void> {
  const now = deps.now();
  const subscription = await deps.billing.findSubscription(invoice.organizationId);
  if (!subscription) return;
  const firstFailure = subscription.pastDueSince ?? now;
  const fresh = await deps.billing.findInvoice(invoice.organizationId, invoice.id);
  const attempts = fresh?.attemptCount ?? invoice.attemptCount + 1;
  const next = nextRetryAt(firstFailure, attempts);
  await deps.billing.updateInvoice(invoice.id, { nextAttemptAt: next });
  await deps.audit.record(
    { kind: "system", id: "billing", label: "Adhelm billing", organizationId: invoice.organizationId },
    {
      action: "billing.payment_failed",
      target: { type: "invoice", id: invoice.id, label: invoice.number },
      details: { attempt: attempts, message },
    },
  );
  if (next) {
    await deps.billing.updateSubscription(
      invoice.organizationId,
      { status: "past_due", pastDueSince: firstFailure },
      now,
    );
    await sendNoticeOnce(deps, invoice.organizationId, `payment_failed:${invoice.id}:${attempts}`, (target) =>
      paymentFailedMail(target, {
        number: invoice.number,
        amountMinor: invoice.amountDueMinor,
        currency: invoice.currency,
        reason: message,
        nextAttemptAt: next,
      }),
    );
    return;
  }
  await deps.billing.updateSubscription(
    invoice.organizationId,
    { status: "read_only", readOnlyReason: "payment_failed", pastDueSince: firstFailure },
    now,
  );
  await sendNoticeOnce(deps, invoice.organizationId, `read_only:${invoice.id}`, (target) =>
    readOnlyMail(target, { number: invoice.number, amountMinor: invoice.amountDueMinor, currency: invoice.currency }),
  );
}
