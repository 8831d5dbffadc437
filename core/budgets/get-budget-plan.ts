import type { Actor } from "#core/access/actor.ts";
import type { Goal } from "#core/goals/goal-repository.ts";
import type { BudgetPlanRepository, PlanCampaign } from "./budget-plan-repository.ts";
import { BUDGET_PLAN_DEFAULTS } from "./budget-plan-schema.ts";
import type { BudgetPlan } from "./budget-plan-types.ts";

/** The organization's own goal (not a platform's), where its budget, currency and target live; null when none. */
export type OrganizationGoalOf = (organizationId: string) => Promise<Goal | null>;

export interface BudgetPlanDependencies {
  budgets: BudgetPlanRepository;
  organizationGoal: OrganizationGoalOf;
}

/** What the plan screen and the API read: the plan, the campaigns it can name, and who saved it last. */
export interface BudgetPlanView {
  plan: BudgetPlan;
  /** The organization's campaigns (not removed), by platform and name. */
  campaigns: PlanCampaign[];
  /** Null while the plan has its defaults. */
  updatedByLabel: string | null;
  updatedAt: string | null;
}

/**
 * The organization's budget plan as the optimizer reads it: the goal's monthly budget, currency and
 * target; the saved settings or their defaults; the groups (a platform group's campaigns are that
 * platform's campaigns in the organization) and the campaigns' daily bounds.
 */
export async function loadBudgetPlan(deps: BudgetPlanDependencies, organizationId: string): Promise<BudgetPlan> {
  return (await readPlan(deps, organizationId)).plan;
}

/** The plan, with the campaigns behind it (the use case's view). */
export async function getBudgetPlan(deps: BudgetPlanDependencies, actor: Actor): Promise<BudgetPlanView> {
  return readPlan(deps, actor.organizationId);
}

async function readPlan(deps: BudgetPlanDependencies, organizationId: string): Promise<BudgetPlanView> {
  const [settings, goal, groups, bounds, campaigns, defaultRevenueSource] = await Promise.all([
    deps.budgets.getSettings(organizationId),
    deps.organizationGoal(organizationId),
    deps.budgets.listGroups(organizationId),
    deps.budgets.listBounds(organizationId),
    deps.budgets.listCampaigns(organizationId),
    deps.budgets.defaultRevenueSource(organizationId),
  ]);
  const { updatedByLabel = null, updatedAt = null, ...saved } = settings ?? {};
  // Until the plan is saved, revenue counts the way the organization's settings say.
  const values = { ...BUDGET_PLAN_DEFAULTS, revenueSource: defaultRevenueSource, ...saved };
  return {
    plan: {
      organizationId,
      currency: goal?.currency ?? null,
      monthlyBudgetMinor: goal?.monthlyBudgetMinor ?? null,
      target: targetOf(goal),
      ...values,
      groups: groups.map((group) =>
        group.kind === "platform"
          ? {
              ...group,
              campaignIds: campaigns.filter((campaign) => campaign.platform === group.platform).map(({ id }) => id),
            }
          : group,
      ),
      bounds: new Map(
        bounds.map((entry) => [
          entry.campaignId,
          { minDailyMinor: entry.minDailyMinor, maxDailyMinor: entry.maxDailyMinor },
        ]),
      ),
    },
    campaigns,
    updatedByLabel,
    updatedAt,
  };
}

function targetOf(goal: Goal | null): BudgetPlan["target"] {
  if (goal?.targetKind === "roas" && goal.targetRoas !== null) return { kind: "roas", value: goal.targetRoas };
  if (goal?.targetKind === "cpa" && goal.targetCpaMinor !== null) return { kind: "cpa", value: goal.targetCpaMinor };
  return null;
}
