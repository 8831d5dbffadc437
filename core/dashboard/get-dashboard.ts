import type { AnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { DashboardAnalytics, DateRange } from "#core/analytics/analytics-types.ts";
import { dateRangeFromSearchParams, type ResolvedDateRange } from "#core/analytics/date-range.ts";
import { getDashboardAnalytics } from "#core/analytics/get-dashboard-analytics.ts";
import { type CalendarDate, calendarDateIn } from "#core/dates/calendar-date.ts";
import { type GoalProgressDependencies, type GoalsProgress, getGoalProgress } from "#core/goals/get-goal-progress.ts";
import { getOnboardingProgress, type OnboardingProgress } from "#core/onboarding/get-onboarding-progress.ts";
import type { OnboardingRepository } from "#core/onboarding/onboarding-repository.ts";
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

export interface DashboardDependencies extends GoalProgressDependencies {
  dashboard: DashboardRepository;
  analytics: AnalyticsRepository;
  onboarding: OnboardingRepository;
}

/**
 * Everything the dashboard shows, for one viewer in one organization: the counts, the analytics
 * of the range the page asks for (`?range=` or `?from=&to=`, ending at the latest on today in the
 * viewer's time zone), this month against the goals, and the setup progress for the next steps.
 */
export async function getDashboard(
  deps: DashboardDependencies,
  input: {
    organizationId: string;
    userId: string;
    timeZone: string;
    /** The viewer's reporting currency: listed first, and the one the KPI tiles show. */
    currency: string;
    now: Date;
    rangeParams: URLSearchParams;
  },
): Promise<Dashboard> {
  const { organizationId } = input;
  const today = calendarDateIn(input.timeZone, input.now);
  const range = dateRangeFromSearchParams(input.rangeParams, today);
  const [counts, analytics, goals, onboarding] = await Promise.all([
    deps.dashboard.counts(organizationId),
    getDashboardAnalytics(deps, { organizationId, range, reportingCurrency: input.currency }),
    getGoalProgress(deps, { organizationId, today }),
    getOnboardingProgress(deps, { userId: input.userId, organizationId }),
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
