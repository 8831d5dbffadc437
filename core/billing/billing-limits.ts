/**
 * The plan's limits where they apply: choosing ad accounts, inviting, creating a rule call
 * `assertWithinLimit` before they add one. The refusal names the limit and the plan, and says what
 * to do: "Your Starter plan includes 3 ad accounts. Upgrade to add more."
 */
import { usagePeriodOf } from "#core/api-usage/meter-api-calls.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { BillingRepository } from "./billing-repository.ts";
import type { LimitedResource, Usage } from "./billing-types.ts";
import { findPlan, type Plan, TRIAL_PLAN_ID } from "./plan-catalog.ts";

const NOUNS: Record<LimitedResource, [one: string, many: string]> = {
  adAccounts: ["ad account", "ad accounts"],
  members: ["team member (invitations included)", "team members (invitations included)"],
  rules: ["automation rule", "automation rules"],
};

export function limitOf(plan: Plan, resource: LimitedResource): number | null {
  if (resource === "members") return plan.limits.teamMembers;
  return plan.limits[resource];
}

export function usageOf(usage: Usage, resource: LimitedResource): number {
  return usage[resource];
}

export function limitMessage(plan: Plan, resource: LimitedResource, limit: number): string {
  const [one, many] = NOUNS[resource];
  return `Your ${plan.name} plan includes ${limit.toLocaleString("en-US")} ${limit === 1 ? one : many}. Upgrade to add more.`;
}

/** Checks one more (or `adding` more) of a resource against the organization's current plan. */
export type AssertWithinLimit = (
  organizationId: string,
  resource: LimitedResource,
  change?: { adding?: number; exceptConnectionId?: string },
) => Promise<void>;

export function createLimitCheck(billing: BillingRepository, now: () => Date = () => new Date()): AssertWithinLimit {
  return async (organizationId, resource, change = {}) => {
    const subscription = await billing.ensureSubscription(organizationId);
    const plan = findPlan(subscription?.planId ?? TRIAL_PLAN_ID);
    if (!plan) return;
    const limit = limitOf(plan, resource);
    if (limit === null) return;
    const usage = await billing.usage(organizationId, usagePeriodOf(now().getTime()), {
      connectionId: change.exceptConnectionId,
    });
    if (usageOf(usage, resource) + (change.adding ?? 1) > limit)
      throw new AppError("forbidden", limitMessage(plan, resource, limit), {
        limit: resource,
        planId: plan.id,
        allowed: limit,
      });
  };
}
