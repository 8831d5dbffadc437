import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BillingDependencies } from "./billing-dependencies.ts";
import { addInterval, CANCEL_NOTICE_MS } from "./billing-periods.ts";

/**
 * Cancels at the end of the period already paid for, keeping access until then (Terms §8). Made
 * less than 24 hours before the renewal, it takes effect at the end of the following period (§6).
 * During the trial, the trial simply ends without converting.
 */
export async function cancelSubscription(deps: BillingDependencies, actor: Actor): Promise<{ endsAt: Date }> {
  const subscription = await deps.billing.ensureSubscription(actor.organizationId);
  if (!subscription) throw new AppError("not_found", "This organization no longer exists.");
  const now = deps.now();
  let endsAt: Date;
  if (subscription.status === "trialing" && subscription.trialEndsAt) endsAt = subscription.trialEndsAt;
  else if ((subscription.status === "active" || subscription.status === "past_due") && subscription.currentPeriodEnd) {
    const end = subscription.currentPeriodEnd;
    endsAt = now.getTime() <= end.getTime() - CANCEL_NOTICE_MS ? end : addInterval(end, subscription.interval);
  } else throw new AppError("conflict", "There is no subscription to cancel.");
  if (subscription.cancelAtPeriodEnd) return { endsAt };
  await deps.billing.updateSubscription(actor.organizationId, { cancelAtPeriodEnd: true, canceledAt: now }, now);
  await deps.audit.record(actor, {
    action: "billing.subscription_canceled",
    target: { type: "subscription", id: actor.organizationId, label: subscription.planId },
    details: { endsAt: endsAt.toISOString() },
  });
  return { endsAt };
}

/** Takes back a cancellation that has not taken effect yet. */
export async function resumeSubscription(deps: BillingDependencies, actor: Actor): Promise<void> {
  const subscription = await deps.billing.ensureSubscription(actor.organizationId);
  if (!subscription?.cancelAtPeriodEnd || !["trialing", "active", "past_due"].includes(subscription.status))
    throw new AppError("conflict", "There is no cancellation to take back.");
  const now = deps.now();
  await deps.billing.updateSubscription(actor.organizationId, { cancelAtPeriodEnd: false, canceledAt: null }, now);
  await deps.audit.record(actor, {
    action: "billing.subscription_resumed",
    target: { type: "subscription", id: actor.organizationId, label: subscription.planId },
  });
}
