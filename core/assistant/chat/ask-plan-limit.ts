/** The organization's monthly questions from its plan (the plan catalog's askQuestionsPerMonth). */
import { findPlan, TRIAL_PLAN_ID } from "#core/billing/plan-catalog.ts";
import type { AskPlanLimit } from "./ask-deps.ts";

export function askPlanLimit(subscriptions: {
  ensureSubscription(organizationId: string): Promise<{ planId: string } | null>;
}): (organizationId: string) => Promise<AskPlanLimit> {
  return async (organizationId) => {
    const subscription = await subscriptions.ensureSubscription(organizationId);
    const plan = findPlan(subscription?.planId ?? TRIAL_PLAN_ID) ?? findPlan(TRIAL_PLAN_ID);
    return { limit: plan?.limits.askQuestionsPerMonth ?? null, plan: plan?.name ?? "" };
  };
}
