/**
 * What the optimizer's use cases work with. Other slices come in as functions (the composition
 * root wires them): the budget plan and pacing (budgets), store revenue per campaign (analytics),
 * the conversion lag model (rules), the platforms' minimum budgets (connectors), the campaign
 * change use case, the automation kill switch and the notifications.
 */
import type { Actor } from "#core/access/actor.ts";
import type { ApplyChangesRequest } from "#core/campaigns/apply-campaign-changes.ts";
import type { ApplyChangesResult } from "#core/campaigns/campaign-change-types.ts";
import type { Notify } from "#core/notifications/notification-types.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { AdsClock } from "#core/sync/ads-clock.ts";
import type { OptimizerRepository } from "./optimizer-repository.ts";

/**
 * The budget plan as the optimizer reads it: the fields of budgets' `BudgetPlan`
 * (core/budgets/budget-plan-types.ts) it uses, so that one is passed as it is.
 */
export interface OptimizerPlan {
  organizationId: string;
  currency: string | null;
  monthlyBudgetMinor: number | null;
  objective: "conversions" | "revenue";
  revenueSource: "platform" | "store";
  mode: "maximize" | "target";
  target: { kind: "roas" | "cpa"; value: number } | null;
  maxDailyChange: number;
  explorationShare: number;
  rebalanceDaily: boolean;
  autoApply: boolean;
  maxAutoChangesPerDay: number;
  groups: Array<{
    id: string;
    name: string;
    campaignIds: string[];
    minMonthlyMinor: number | null;
    maxMonthlyMinor: number | null;
  }>;
  bounds: Map<string, { minDailyMinor: number | null; maxDailyMinor: number | null }>;
}

/** Where the month stands against the plan's monthly budget, as pacing sees it today. */
export interface MonthBudget {
  /** What today should spend so the month lands on budget (pacing's curve), minor units. */
  suggestedDailyMinor: number;
  /** The monthly budget less what the days before today spent, minor units (never below 0). */
  remainingMinor: number;
  /** Days left in the month, today included. */
  daysLeft: number;
}

export interface StoreRevenueDay {
  campaignId: string;
  date: string;
  revenueMinor: number;
}

export interface OptimizerDependencies {
  optimizer: OptimizerRepository;
  clock: AdsClock;
  /** The organization's time zone (its owner's). */
  timeZoneOf: (organizationId: string) => Promise<string>;
  /** budgets' loadBudgetPlan. */
  loadPlan: (organizationId: string) => Promise<OptimizerPlan>;
  /** The month against the plan's monthly budget (pacing, month-budget.ts); null without one. */
  monthBudget: (organizationId: string) => Promise<MonthBudget | null>;
  /** Store revenue attributed by UTM per campaign and day; absent until analytics offers it. */
  storeRevenueDays?: (organizationId: string, from: string, to: string) => Promise<StoreRevenueDay[]>;
  /** The rules' lag model: platform → age in days → expected completeness of a day's conversions. */
  conversionCompleteness: (organizationId: string) => Promise<(platform: string) => (ageDays: number) => number>;
  /** The connectors' metadata: the smallest daily budget a platform takes, minor units. */
  minimumDailyBudgetMinor: (platform: AdPlatformId, currency: string) => number;
  /** The campaigns slice's change use case (change log, undo, idempotency keys). */
  applyCampaignChanges: (actor: Actor, input: ApplyChangesRequest) => Promise<ApplyChangesResult>;
  /** The rules' "pause all automation" switch: auto-apply waits while it is on. */
  isAutomationPaused: (organizationId: string) => Promise<boolean>;
  notify: Notify;
  now?: () => Date;
}
