/**
 * The budgets slice: the organization's budget plan (settings, groups, per-campaign bounds) and its
 * pacing. Reads need "workspace.read", changes "budgets.manage". `createBudgetsBackground` gives
 * what runs without a person: the optimizer's plan reader and suggested daily budget, and the
 * pacing alerts' check and schedule.
 */
import type { Kysely } from "kysely";
import { type Actor, systemActor } from "#core/access/actor.ts";
import { useCase } from "#core/access/permissions.ts";
import { type AuditLog, createAuditLog } from "#core/audit/audit-log.ts";
import type { Database } from "#core/db/schema.ts";
import type { Goal } from "#core/goals/goal-repository.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import { organizationTimeZone } from "#core/organizations/organization-time-zone.ts";
import type { JobQueue } from "#core/ports/job-queue.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import { queuePacingCheck } from "./budget-jobs.ts";
import { createBudgetPlanRepository } from "./budget-plan-repository.ts";
import type { BudgetPlan } from "./budget-plan-types.ts";
import { checkBudgetPacing, PACING_ACTOR, type PacingCheckDependencies } from "./check-budget-pacing.ts";
import { deleteBudgetGroup } from "./delete-budget-group.ts";
import { getBudgetPacing } from "./get-budget-pacing.ts";
import { getBudgetPlan, loadBudgetPlan } from "./get-budget-plan.ts";
import { saveBudgetGroup } from "./save-budget-group.ts";
import { saveBudgetPlanSettings } from "./save-budget-plan-settings.ts";
import { setCampaignBudgetBounds } from "./set-campaign-budget-bounds.ts";

export interface BudgetsModuleDependencies {
  db: Kysely<Database>;
  clock: AdsClock;
  /** The goals slice's use case: the organization's goal holds the monthly budget, currency and target. */
  getGoals: (actor: Actor) => Promise<{ goals: Goal[] }>;
  notify: Notify;
  /** The organization's time zone; its owner's by default. */
  timeZoneOf?: (organizationId: string) => Promise<string>;
  /** Where changes to the plan are recorded (the organization's audit log). */
  audit?: AuditLog;
}

function dependenciesOf(deps: BudgetsModuleDependencies): PacingCheckDependencies {
  return {
    budgets: createBudgetPlanRepository(deps.db),
    clock: deps.clock,
    notify: deps.notify,
    timeZoneOf: deps.timeZoneOf ?? ((organizationId) => organizationTimeZone(deps.db, organizationId)),
    // The goal is read as Adhelm for the plan's organization: every reader of the plan may read goals.
    organizationGoal: async (organizationId) =>
      (await deps.getGoals(systemActor(organizationId, PACING_ACTOR))).goals.find(
        (goal) => goal.scope === "organization",
      ) ?? null,
  };
}

export function createBudgetsModule(moduleDeps: BudgetsModuleDependencies) {
  const deps = dependenciesOf(moduleDeps);
  const audit = moduleDeps.audit ?? createAuditLog(moduleDeps.db);
  /** Runs a change of the plan, then records which part of it changed. */
  const recorded =
    <Input, Result>(part: string, change: (actor: Actor, input: Input) => Promise<Result>) =>
    async (actor: Actor, input: Input): Promise<Result> => {
      const result = await change(actor, input);
      await audit.record(actor, {
        action: "budget_plan.updated",
        target: { type: "budget_plan", id: actor.organizationId, label: "Budget plan" },
        details: { part },
      });
      return result;
    };
  return {
    /** The plan, the campaigns it can name and who saved it last (the plan screen, the API). */
    getBudgetPlan: useCase("workspace.read", (actor) => getBudgetPlan(deps, actor)),
    /** The plan's settings from an untrusted form; returns the plan. */
    saveBudgetPlanSettings: useCase(
      "budgets.manage",
      recorded("settings", (actor, form: unknown) => saveBudgetPlanSettings(deps, actor, form)),
    ),
    /** Creates or replaces a group from an untrusted form; returns the group. */
    saveBudgetGroup: useCase(
      "budgets.manage",
      recorded("group", (actor, form: unknown) => saveBudgetGroup(deps, actor, form)),
    ),
    deleteBudgetGroup: useCase(
      "budgets.manage",
      recorded("group_deleted", (actor, groupId: string) => deleteBudgetGroup(deps, actor, groupId)),
    ),
    /** Campaigns' daily bounds from an untrusted form `{ bounds: [...] }`; returns every bound. */
    setCampaignBudgetBounds: useCase(
      "budgets.manage",
      recorded("bounds", (actor, form: unknown) => setCampaignBudgetBounds(deps, actor, form)),
    ),
    /** The month so far against the plan: the ideal curve, the projection with its 80% interval, groups. */
    getBudgetPacing: useCase("workspace.read", (actor) => getBudgetPacing(deps, actor)),
  };
}

export type BudgetsModule = ReturnType<typeof createBudgetsModule>;

/** What runs without a person: the optimizer's reads of the plan, and the pacing alerts. */
export function createBudgetsBackground(moduleDeps: BudgetsModuleDependencies & { jobs: JobQueue }) {
  const deps = dependenciesOf(moduleDeps);
  return {
    /** The organization's plan (the optimizer's input). */
    loadBudgetPlan: (organizationId: string): Promise<BudgetPlan> => loadBudgetPlan(deps, organizationId),
    /** One organization's pacing check: raises an alert when the month is clearly off plan. */
    checkBudgetPacing: (organizationId: string) => checkBudgetPacing(deps, organizationId),
    /** Queues a pacing check for every organization with a monthly budget and a live connection. */
    /** Organizations whose plan asks the optimizer for a daily run (rebalance or auto-apply). */
    listOrganizationsWithDailyRun: (): Promise<string[]> => deps.budgets.listOrganizationsWithDailyRun(),
    queuePacingChecks: async (): Promise<number> => {
      let queued = 0;
      for (const organizationId of await deps.budgets.listOrganizationsWithBudget())
        if (await queuePacingCheck(moduleDeps.jobs, organizationId)) queued += 1;
      return queued;
    },
    /** After a sync: the organization's check, so fresh numbers are judged at once. */
    queuePacingCheckAfterSync: (completed: { organizationId: string }): Promise<boolean> =>
      queuePacingCheck(moduleDeps.jobs, completed.organizationId),
  };
}

export type BudgetsBackground = ReturnType<typeof createBudgetsBackground>;
