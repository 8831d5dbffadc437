import { useLocation, useNavigation } from "react-router";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { formatDateRange, formatMoney } from "#app/components/analytics/format-metrics.ts";
import { DashboardEmptyState } from "#app/components/dashboard/dashboard-empty-state.tsx";
import { KpiGrid } from "#app/components/dashboard/kpi-grid.tsx";
import { PlatformBreakdownCard } from "#app/components/dashboard/platform-breakdown-card.tsx";
import { PlatformTrendCard } from "#app/components/dashboard/platform-trend-card.tsx";
import { ProfileCard } from "#app/components/dashboard/profile-card.tsx";
import { RankedCampaignsCard } from "#app/components/dashboard/ranked-campaigns-card.tsx";
import { SummaryCards } from "#app/components/dashboard/summary-cards.tsx";
import { GoalProgressCard } from "#app/components/goals/goal-progress-card.tsx";
import { NextStepsCard } from "#app/components/onboarding/next-steps-card.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { cn } from "#app/lib/cn.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext, toViewer } from "#app/lib/session.server.ts";
import { DATE_RANGE_PRESET_LABELS } from "#core/analytics/date-range.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Dashboard",
    description: "Your campaigns across every ad platform.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewerContext = await requireViewerContext(request, context);
  const { email, name, firstName } = toViewer(viewerContext);
  const { profile } = viewerContext;
  const { services } = context.get(appContext);
  const dashboard = await services.dashboard.getDashboard(actorOf(viewerContext), {
    timeZone: profile?.timezone ?? "UTC",
    currency: profile?.currency ?? "USD",
    rangeParams: new URL(request.url).searchParams,
  });
  return {
    dashboard,
    firstName,
    profile: { email, name, companyName: profile?.companyName ?? null, role: profile?.role ?? "admin" },
  };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { dashboard, profile, firstName } = loaderData;
  const { analytics, range } = dashboard;
  const isLoading = useIsReloadingThisPage();
  const [reporting, ...otherTotals] = analytics.totals;
  const blended = analytics.blended.find((entry) => entry.currency === reporting?.currency) ?? analytics.blended[0];
  const rangeLabel = range.preset === "custom" ? formatDateRange(range) : DATE_RANGE_PRESET_LABELS[range.preset];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
            {firstName ? `Welcome, ${firstName}` : "Welcome"}
          </h1>
          <p className="mt-1 text-muted-foreground">Here is how your advertising is doing across every platform.</p>
        </div>
        <DateRangePicker range={range} previousRange={dashboard.previousRange} />
      </div>

      {isLoading ? (
        <div
          role="progressbar"
          aria-label="Loading the new range"
          className="-mb-5 h-0.5 animate-pulse rounded-full bg-primary motion-reduce:animate-none"
        />
      ) : null}

      <div
        aria-busy={isLoading}
        className={cn(
          "flex flex-col gap-6 transition-opacity duration-200",
          isLoading && "pointer-events-none opacity-60",
        )}
      >
        <SummaryCards
          campaigns={dashboard.campaigns}
          platforms={dashboard.platforms}
          totals={analytics.totals}
          rangeLabel={rangeLabel}
        />

        {!analytics.hasAdPlatform ? (
          <DashboardEmptyState />
        ) : (
          <>
            {reporting ? (
              <div className="flex flex-col gap-2">
                <KpiGrid totals={reporting} blended={blended ?? null} hasStore={analytics.hasStore} />
                {otherTotals.length > 0 ? (
                  <p className="text-muted-foreground text-xs tabular-nums">
                    Figures in {reporting.currency}. Also spent:{" "}
                    {otherTotals.map((total) => formatMoney(total.current.spendMinor, total.currency)).join(", ")}.
                    Amounts in different currencies are never added up.
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="grid gap-6 lg:grid-cols-3">
              <PlatformTrendCard
                trend={analytics.trend}
                range={range}
                currency={reporting?.currency ?? "USD"}
                className="lg:col-span-2"
              />
              <GoalProgressCard progress={dashboard.goals} />
            </div>
            <PlatformBreakdownCard platforms={analytics.byPlatform} hasStore={analytics.hasStore} />
            <div className="grid gap-6 md:grid-cols-2">
              <RankedCampaignsCard
                title="Top campaigns"
                description="Highest ROAS among campaigns that spent."
                campaigns={analytics.topCampaigns}
                tone="good"
              />
              <RankedCampaignsCard
                title="Bottom campaigns"
                description="Lowest ROAS: candidates for a smaller budget."
                campaigns={analytics.bottomCampaigns}
                tone="bad"
              />
            </div>
          </>
        )}

        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileCard profile={profile} />
          <NextStepsCard progress={dashboard.onboarding} email={profile.email} />
        </div>
      </div>
    </div>
  );
}

/** True while the dashboard loads another range (same page, new search). */
function useIsReloadingThisPage(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}
