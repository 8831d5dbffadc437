/**
 * The hourly billing tick (server/background.ts, once across nodes): trial reminders and trial
 * ends, renewals at the period's end, and dunning retries. Every step is safe to run twice: a
 * notice is sent once per key, an invoice is issued for a period only when the period moves on.
 */
import type { BillingDependencies } from "./billing-dependencies.ts";
import { trialEndedMail, trialReminderMail } from "./billing-mail.ts";
import { addInterval, CANCEL_NOTICE_MS, DAY_MS, TRIAL_REMINDER_DAYS } from "./billing-periods.ts";
import type { Subscription } from "./billing-types.ts";
import {
  chargeInvoice,
  handleFailedCharge,
  issueInvoice,
  planNameOf,
  restoreIfSettled,
  sendNoticeOnce,
} from "./invoice-charges.ts";
import { findPlan, periodPriceMinor, TRIAL_PLAN_ID } from "./plan-catalog.ts";

export interface BillingTickReport {
  organizations: number;
}

export async function runBillingTick(deps: BillingDependencies): Promise<BillingTickReport> {
  const now = deps.now();
  const due = await deps.billing.dueOrganizations(now, Math.max(...TRIAL_REMINDER_DAYS) * DAY_MS);
  for (const organizationId of due) await runBillingFor(deps, organizationId);
  return { organizations: due.length };
}

/** Everything due for one organization now. */
export async function runBillingFor(deps: BillingDependencies, organizationId: string): Promise<void> {
  const subscription = await deps.billing.ensureSubscription(organizationId);
  if (!subscription) return;
  if (subscription.status === "trialing") return runTrial(deps, subscription);
  if (subscription.status === "active" || subscription.status === "past_due") await renewIfDue(deps, subscription);
  await retryDue(deps, organizationId);
}

async function runTrial(deps: BillingDependencies, subscription: Subscription): Promise<void> {
  const now = deps.now();
  const endsAt = subscription.trialEndsAt;
  if (!endsAt) return;
  const { organizationId } = subscription;
  if (now < endsAt) {
    const left = endsAt.getTime() - now.getTime();
    // The closest reminder only: a trial found with 20 hours left gets the 1-day reminder, not both.
    const days = [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b).find((day) => left <= day * DAY_MS);
    if (days === undefined || subscription.cancelAtPeriodEnd) return;
    await sendNoticeOnce(deps, organizationId, `trial_reminder_${days}d`, (target) =>
      trialReminderMail(target, {
        endsAt,
        planName: planNameOf(subscription.planId),
        hasCard: subscription.paymentMethod !== null,
      }),
    );
    return;
  }
  if (!subscription.paymentMethod || subscription.cancelAtPeriodEnd) {
    // Nothing is deleted: the organization reads, exports and pays; it changes nothing until a plan is chosen.
    await deps.billing.updateSubscription(
      organizationId,
      {
        status: subscription.cancelAtPeriodEnd ? "canceled" : "read_only",
        readOnlyReason: subscription.cancelAtPeriodEnd ? "canceled" : "trial_ended",
      },
      now,
    );
    if (!subscription.cancelAtPeriodEnd) await sendNoticeOnce(deps, organizationId, "trial_ended", trialEndedMail);
    return;
  }
  // The trial converts to the trial plan, billed monthly (Terms §5), from the moment it ended.
  const plan = findPlan(TRIAL_PLAN_ID);
  if (!plan) return;
  const periodEnd = addInterval(endsAt, "monthly");
  const account = await deps.billing.ensureAccount(organizationId);
  const price = periodPriceMinor(plan, "monthly", account.currency) ?? 0;
  await deps.billing.updateSubscription(
    organizationId,
    { status: "active", planId: plan.id, interval: "monthly", currentPeriodStart: endsAt, currentPeriodEnd: periodEnd },
    now,
  );
  const invoice = await issueInvoice(deps, {
    organizationId,
    kind: "trial_conversion",
    planId: plan.id,
    interval: "monthly",
    periodStart: endsAt,
    periodEnd,
    lines: [
      {
        description: `${plan.name} plan, monthly`,
        periodStart: endsAt.toISOString(),
        periodEnd: periodEnd.toISOString(),
        quantity: 1,
        unitMinor: price,
        amountMinor: price,
      },
    ],
  });
  const outcome = await chargeInvoice(deps, invoice);
  if (!outcome.paid) await handleFailedCharge(deps, invoice, outcome.message);
}

async function renewIfDue(deps: BillingDependencies, subscription: Subscription): Promise<void> {
  const now = deps.now();
  const { organizationId } = subscription;
  const start = subscription.currentPeriodEnd;
  if (!start || start > now) return;
  // A cancellation made at least 24 hours before the renewal stops it (Terms §6); a later one the next.
  if (
    subscription.cancelAtPeriodEnd &&
    subscription.canceledAt &&
    subscription.canceledAt.getTime() <= start.getTime() - CANCEL_NOTICE_MS
  ) {
    await deps.billing.updateSubscription(organizationId, { status: "canceled", readOnlyReason: "canceled" }, now);
    return;
  }
  const plan = findPlan(subscription.planId);
  if (!plan) return;
  const account = await deps.billing.ensureAccount(organizationId);
  const price = periodPriceMinor(plan, subscription.interval, account.currency) ?? 0;
  const end = addInterval(start, subscription.interval);
  // The service keeps working while a renewal is retried (Terms §7): the period moves on either way.
  await deps.billing.updateSubscription(organizationId, { currentPeriodStart: start, currentPeriodEnd: end }, now);
  const invoice = await issueInvoice(deps, {
    organizationId,
    kind: "renewal",
    planId: plan.id,
    interval: subscription.interval,
    periodStart: start,
    periodEnd: end,
    lines: [
      {
        description: `${plan.name} plan, ${subscription.interval}`,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        quantity: 1,
        unitMinor: price,
        amountMinor: price,
      },
    ],
  });
  const outcome = await chargeInvoice(deps, invoice);
  if (!outcome.paid) await handleFailedCharge(deps, invoice, outcome.message);
}

async function retryDue(deps: BillingDependencies, organizationId: string): Promise<void> {
  const now = deps.now();
  for (const invoice of await deps.billing.openInvoices(organizationId)) {
    if (!invoice.nextAttemptAt || invoice.nextAttemptAt > now) continue;
    const outcome = await chargeInvoice(deps, invoice);
    if (outcome.paid) await restoreIfSettled(deps, organizationId);
    else await handleFailedCharge(deps, invoice, outcome.message);
  }
}
