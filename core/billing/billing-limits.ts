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

export function limitMessage(plan: Pick<Plan, "name">, resource: LimitedResource, limit: number): string {
  const [one, many] = NOUNS[resource];
  return `Your ${plan.name} plan includes ${limit.toLocaleString("en-US")} ${limit === 1 ? one : many}. Upgrade to add more.`;
}

/** The details a limit's refusal carries, so a screen can word it in the reader's language. */
export interface LimitDetails {
  limit: LimitedResource;
  planId: string;
  /** The plan's name ("Starter"), as the English message names it. */
  plan: string;
  allowed: number;
}

/** Checks one more (or `adding` more) of a resource against the organization's current plan. */
export type AssertWithinLimit = (
  organizationId: string,
  resource: LimitedResource,
  change?: { adding?: number; exceptConnectionId?: string },
) => Promise<void>;

/**
 * How many more of a resource the organization's plan allows now (`room`, never below 0), or null
 * when the plan sets no limit: for what adds several at once and keeps what fits (a new connection's
 * ad accounts).
 */
export type RoomWithinLimit = (
  organizationId: string,
  resource: LimitedResource,
  change?: { exceptConnectionId?: string },
) => Promise<{ room: number; details: LimitDetails } | null>;

export function createRoomCheck(billing: BillingRepository, now: () => Date = () => new Date()): RoomWithinLimit {
  return async (organizationId, resource, change = {}) => {
    const subscription = await billing.ensureSubscription(organizationId);
    const plan = findPlan(subscription?.planId ?? TRIAL_PLAN_ID);
    if (!plan) return null;
    const limit = limitOf(plan, resource);
    if (limit === null) return null;
    const usage = await billing.usage(organizationId, usagePeriodOf(now().getTime()), {
      connectionId: change.exceptConnectionId,
    });
    return {
      room: Math.max(0, limit - usageOf(usage, resource)),
      details: { limit: resource, planId: plan.id, plan: plan.name, allowed: limit },
    };
  };
}

export function createLimitCheck(billing: BillingRepository, now: () => Date = () => new Date()): AssertWithinLimit {
  const roomFor = createRoomCheck(billing, now);
  return async (organizationId, resource, change = {}) => {
    const within = await roomFor(organizationId, resource, { exceptConnectionId: change.exceptConnectionId });
    if (within && (change.adding ?? 1) > within.room)
      throw new AppError("forbidden", limitMessage({ name: within.details.plan }, resource, within.details.allowed), {
        ...within.details,
      });
  };
}
