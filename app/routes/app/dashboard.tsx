import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { useRangeLabel } from "#app/components/analytics/date-range-label.ts";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { AccountChoicePrompt } from "#app/components/dashboard/account-choice-prompt.tsx";
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
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext, toViewer } from "#app/lib/session.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "dashboard");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

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
  // Connections whose ad accounts were never chosen ("Decide later"): they do not sync until they are.
  const awaitingChoice = (await services.connections.listIntegrations(actorOf(viewerContext))).flatMap((card) =>
    card.connection?.awaitsAccountChoice ? [{ connectionId: card.connection.id, listing: card.listing }] : [],
  );
  return {
    dashboard,
    awaitingChoice,
    firstName,
    // The role is the one in the active organization (the team page's), not a profile field.
    profile: { email, name, companyName: profile?.companyName ?? null, role: viewerContext.organization.role },
  };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  const { dashboard, profile, firstName } = loaderData;
  const { analytics, range } = dashboard;
  const isLoading = useIsReloadingThisPage();
  const [reporting, ...otherTotals] = analytics.totals;
  const blended = analytics.blended.find((entry) => entry.currency === reporting?.currency) ?? analytics.blended[0];
  const rangeLabel = useRangeLabel()(range);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
            {firstName ? t("header.welcomeName", { name: firstName }) : t("header.welcome")}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("header.intro")}</p>
        </div>
        <DateRangePicker range={range} previousRange={dashboard.previousRange} />
      </div>

      {isLoading ? (
        <div
          role="progressbar"
          aria-label={t("header.loading")}
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
        <AccountChoicePrompt awaiting={loaderData.awaitingChoice} />
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
                    {t("currencies.otherTotals", {
                      currency: reporting.currency,
                      amounts: format.list(
                        otherTotals.map((total) => format.money(total.current.spendMinor, total.currency)),
                      ),
                    })}
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
                title={t("ranked.topTitle")}
                description={t("ranked.topDescription")}
                campaigns={analytics.topCampaigns}
                tone="good"
              />
              <RankedCampaignsCard
                title={t("ranked.bottomTitle")}
                description={t("ranked.bottomDescription")}
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
