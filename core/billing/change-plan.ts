import type { Actor } from "#core/access/actor.ts";
import { usagePeriodOf } from "#core/api-usage/meter-api-calls.ts";
import { AppError } from "#core/errors/app-error.ts";
import { fieldErrorsOf } from "#core/forms/form-fields.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { limitMessage, limitOf, usageOf } from "./billing-limits.ts";
import { addInterval, remainingShare } from "./billing-periods.ts";
import { BILLING_MESSAGES, selfServePlanSchema } from "./billing-schemas.ts";
import type { InvoiceLine, LimitedResource } from "./billing-types.ts";
import { chargeInvoice, issueInvoice, voidInvoice } from "./invoice-charges.ts";
import { findPlan, periodPriceMinor } from "./plan-catalog.ts";

export interface PlanChange {
  planId: string;
  interval: string;
  /** Charged now (an upgrade), in minor units; 0 for a downgrade. */
  chargedMinor: number;
  /** Credited to the next invoices (a downgrade), in minor units. */
  creditedMinor: number;
  invoiceId: string | null;
}

/**
 * Switching a paid plan takes effect at once, prorated to the second (Terms §6): an upgrade charges
 * the difference for the rest of the period now; a downgrade credits the unused part to the next
 * invoices and is refused while the usage exceeds the smaller plan's limits. A change of interval
 * starts a new period now, the old plan's unused part taken off its price.
 */
export async function changePlan(deps: BillingDependencies, actor: Actor, values: unknown): Promise<PlanChange> {
  const parsed = selfServePlanSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", BILLING_MESSAGES.invalid, { fieldErrors: fieldErrorsOf(parsed.error) });
  const { organizationId } = actor;
  const subscription = await deps.billing.ensureSubscription(organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  if (subscription.status !== "active" || !subscription.currentPeriodStart || !subscription.currentPeriodEnd)
    throw new AppError(
      "conflict",
      subscription.status === "past_due"
        ? "An invoice is open: pay it before changing the plan."
        : "Choose a plan through checkout first: there is no paid plan to change yet.",
    );
  const from = findPlan(subscription.planId);
  const to = findPlan(parsed.data.planId);
  if (!from || !to) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const interval = parsed.data.interval;
  if (from.id === to.id && subscription.interval === interval)
    throw new AppError("conflict", `You are already on the ${to.name} plan, billed ${interval}.`, {
      refusal: "samePlan",
      plan: to.name,
      interval,
    });

  const usage = await deps.billing.usage(organizationId, usagePeriodOf(deps.now().getTime()));
  for (const resource of ["adAccounts", "members", "rules"] as const satisfies LimitedResource[]) {
    const limit = limitOf(to, resource);
    if (limit !== null && usageOf(usage, resource) > limit)
      throw new AppError(
        "conflict",
        `${limitMessage(to, resource, limit).replace(" Upgrade to add more.", "")} You use ${usageOf(usage, resource)}: remove some before moving to ${to.name}.`,
        { limit: resource, planId: to.id, plan: to.name, allowed: limit, used: usageOf(usage, resource) },
      );
  }

  const account = await deps.billing.ensureAccount(organizationId);
  const oldPrice = periodPriceMinor(from, subscription.interval, account.currency) ?? 0;
  const newPrice = periodPriceMinor(to, interval, account.currency);
  if (newPrice === null) throw new AppError("unprocessable_entity", BILLING_MESSAGES.plan);
  const now = deps.now();
  const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  const unusedOld = remainingShare(oldPrice, period, now);
  const sameInterval = interval === subscription.interval;
  const newPeriod = sameInterval ? period : { start: now, end: addInterval(now, interval) };
  const newPart = sameInterval ? remainingShare(newPrice, period, now) : newPrice;
  const net = newPart - unusedOld;

  let invoiceId: string | null = null;
  let charged = 0;
  let credited = 0;
  if (net > 0) {
    const lines: InvoiceLine[] = [
      {
        description: `Remaining time on the ${to.name} plan (${interval})`,
        periodStart: now.toISOString(),
        periodEnd: newPeriod.end.toISOString(),
        quantity: 1,
        unitMinor: newPart,
        amountMinor: newPart,
      },
      {
        description: `Unused time on the ${from.name} plan (${subscription.interval})`,
        periodStart: now.toISOString(),
        periodEnd: period.end.toISOString(),
        quantity: 1,
        unitMinor: -unusedOld,
        amountMinor: -unusedOld,
      },
    ];
    const invoice = await issueInvoice(deps, {
      organizationId,
      kind: "plan_change",
      planId: to.id,
      interval,
      periodStart: now,
      periodEnd: newPeriod.end,
      lines,
    });
    const outcome = await chargeInvoice(deps, invoice);
    if (!outcome.paid) {
      await voidInvoice(deps, invoice);
      throw new AppError("conflict", `The card on file was declined: ${outcome.message} Your plan did not change.`, {
        refusal: "declined",
        reason: outcome.message,
      });
    }
    invoiceId = invoice.id;
    charged = invoice.amountDueMinor;
  } else {
    credited = -net;
  }

  const fresh = await deps.billing.findSubscription(organizationId);
  await deps.billing.updateSubscription(
    organizationId,
    {
      planId: to.id,
      interval,
      currentPeriodStart: newPeriod.start,
      currentPeriodEnd: newPeriod.end,
      creditMinor: (fresh?.creditMinor ?? 0) + credited,
    },
    now,
  );
  await deps.audit.record(actor, {
    action: "billing.plan_changed",
    target: { type: "subscription", id: organizationId, label: to.name },
    details: {
      from: { plan: from.id, interval: subscription.interval },
      to: { plan: to.id, interval },
      chargedMinor: charged,
      creditedMinor: credited,
      currency: account.currency,
    },
  });
  return { planId: to.id, interval, chargedMinor: charged, creditedMinor: credited, invoiceId };
}
