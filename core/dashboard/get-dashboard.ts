import type { Actor } from "#core/access/actor.ts";
import type { DashboardAnalytics, DateRange } from "#core/analytics/analytics-types.ts";
import { dateRangeFromSearchParams, type ResolvedDateRange } from "#core/analytics/date-range.ts";
import { type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import type { GoalsProgress } from "#core/goals/get-goal-progress.ts";
import type { OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";
import type { DashboardRepository } from "./dashboard-repository.ts";

export interface Dashboard {
  /** Today in the viewer's time zone, by the ads clock. */
  today: CalendarDate;
  range: ResolvedDateRange;
  previousRange: DateRange;
  /** The spec's Campaigns and Platforms cards. */
  campaigns: number;
  platforms: number;
  analytics: DashboardAnalytics;
  goals: GoalsProgress;
  onboarding: OnboardingProgress;
}

/** What the dashboard reads: its own counts, and the other slices' use cases it shows. */
export interface DashboardDependencies {
  dashboard: DashboardRepository;
  /** The ads clock: the wall clock, or the sandbox's when it was moved ahead for a demo. */
  clock: { now(): Promise<Date> };
  getDashboardAnalytics(
    actor: Actor,
    input: { range: DateRange; reportingCurrency: string },
  ): Promise<DashboardAnalytics>;
  getGoalProgress(actor: Actor, input: { today: CalendarDate }): Promise<GoalsProgress>;
  getOnboardingProgress(actor: Actor): Promise<OnboardingProgress>;
}

/**
 * Everything the dashboard shows, for the actor in their organization: the counts, the analytics
 * of the range the page asks for (`?range=` or `?from=&to=`, ending at the latest on today in the
 * viewer's time zone), this month against the goals, and the setup progress for the next steps.
 */
export async function getDashboard(
  deps: DashboardDependencies,
  actor: Actor,
  input: {
    timeZone: string;
    /** The viewer's reporting currency: listed first, and the one the KPI tiles show. */
    currency: string;
    rangeParams: URLSearchParams;
  },
): Promise<Dashboard> {
  const today = calendarDateIn(input.timeZone, await deps.clock.now());
  const range = dateRangeFromSearchParams(input.rangeParams, today);
  const [counts, analytics, goals, onboarding] = await Promise.all([
    deps.dashboard.counts(actor.organizationId),
    deps.getDashboardAnalytics(actor, { range, reportingCurrency: input.currency }),
    deps.getGoalProgress(actor, { today }),
    deps.getOnboardingProgress(actor),
  ]);
  return {
    today,
    range,
    previousRange: analytics.previousRange,
    campaigns: counts.managedCampaigns,
    platforms: counts.connectedPlatforms,
    analytics,
    goals,
    onboarding,
  };
}
