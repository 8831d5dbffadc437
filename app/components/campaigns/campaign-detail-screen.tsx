import { Coins, MousePointerClick, Pause, Play, ShoppingCart, Target, TrendingUp, Wallet } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { PermissionGate } from "#app/components/access/permission-gate.tsx";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { KpiTile } from "#app/components/analytics/kpi-tile.tsx";
import { TrendChart, type TrendPoint, type TrendSeries } from "#app/components/analytics/trend-chart.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { PlatformLogo } from "#app/components/integrations/platform-logo.tsx";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "#app/components/ui/breadcrumb.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignDetail, DateRange } from "#core/analytics/analytics-types.ts";
import type { ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { ChangeLogEntry } from "#core/campaigns/campaign-change-types.ts";
import { CampaignStatusBadge } from "./campaign-cells.tsx";
import { platformListingOf, platformNameOf } from "./campaign-labels.ts";
import { ChangeDialog } from "./change-dialog.tsx";
import { ChangeHistory } from "./change-history.tsx";
import type { BulkAction } from "./change-request.ts";

export interface CampaignDetailScreenProps {
  detail: CampaignDetail;
  range: ResolvedDateRange;
  previousRange: DateRange;
  history: { entries: ChangeLogEntry[]; olderHref: string | null };
  now: string;
  /** The table's query string to go back to (keeps the range). */
  backSearch: string;
  /** The reader's time zone (their profile's), for the change history's dates. */
  timeZone: string;
  /** Which tab shows: the overview (figures, trend, history) or the ads. */
  tab?: "overview" | "ads";
  /** The Ads tab's content, when it is the one shown. */
  adsPanel?: ReactNode;
}

/** /campaigns/mes-ads/:campaignId: one campaign's figures, daily trend, actions and change history. */
export function CampaignDetailScreen({
  detail,
  range,
  previousRange,
  history,
  now,
  backSearch,
  timeZone,
  tab = "overview",
  adsPanel,
}: CampaignDetailScreenProps) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const { campaign } = detail;
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading";
  const [action, setAction] = useState<BulkAction | null>(null);
  const listing = platformListingOf(campaign.platform);
  const isRemoved = campaign.status === "removed";

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to={`/campaigns/mes-ads${backSearch}`}>{t("detail.breadcrumb")}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem className="min-w-0">
            <BreadcrumbPage className="truncate">{campaign.name}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>

      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-4">
        <div className="flex min-w-0 items-start gap-4">
          {listing ? <PlatformLogo listing={listing} className="size-12 rounded-xl" /> : null}
          <div className="grid min-w-0 gap-1.5">
            <h1 className="font-bold text-2xl tracking-tight break-words sm:text-3xl">{campaign.name}</h1>
            <dl className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-muted-foreground text-sm">
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t("detail.platform")}</dt>
                <dd>{platformNameOf(campaign.platform)}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt>{t("detail.account")}</dt>
                <dd className="text-foreground">{campaign.adAccountName}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">{t("detail.status")}</dt>
                <dd>
                  <CampaignStatusBadge status={campaign.status} />
                </dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt>{t("detail.dailyBudget")}</dt>
                <dd className="font-medium text-foreground tabular-nums">
                  {campaign.dailyBudgetMinor === null
                    ? "—"
                    : format.money(campaign.dailyBudgetMinor, campaign.currency)}
                </dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A role that may not change campaigns sees the buttons disabled, with the reason. */}
          {campaign.status === "enabled" ? (
            <PermissionGate permission="campaigns.change">
              {(isAllowed) => (
                <Button variant="outline" onClick={() => setAction("pause")} disabled={!isAllowed}>
                  <Pause aria-hidden="true" />
                  {t("actions.pause")}
                </Button>
              )}
            </PermissionGate>
          ) : (
            <PermissionGate permission="campaigns.change">
              {(isAllowed) => (
                <Button variant="outline" onClick={() => setAction("enable")} disabled={isRemoved || !isAllowed}>
                  <Play aria-hidden="true" />
                  {t("actions.enable")}
                </Button>
              )}
            </PermissionGate>
          )}
          <PermissionGate permission="campaigns.change">
            {(isAllowed) => (
              <Button variant="outline" onClick={() => setAction("set_budget")} disabled={isRemoved || !isAllowed}>
                <Wallet aria-hidden="true" />
                {t("actions.setBudget")}
              </Button>
            )}
          </PermissionGate>
        </div>
      </header>

      <DateRangePicker range={range} previousRange={previousRange} resetParams={["cursor"]} />

      <CampaignTabs tab={tab} />

      {tab === "ads" ? (
        <div className={cn("grid gap-6 transition-opacity", isLoading && "opacity-60")} aria-busy={isLoading}>
          {adsPanel}
        </div>
      ) : (
        <div className={cn("grid gap-6 transition-opacity", isLoading && "opacity-60")} aria-busy={isLoading}>
          <KpiTiles detail={detail} />
          <TrendCard detail={detail} />
        </div>
      )}

      <section aria-labelledby="campaign-history-heading" className={cn("grid gap-3", tab === "ads" && "hidden")}>
        <div>
          <h2 id="campaign-history-heading" className="font-semibold text-lg tracking-tight">
            {t("detail.historyTitle")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("detail.historyIntro")}</p>
        </div>
        <ChangeHistory
          entries={history.entries}
          now={now}
          showsCampaign={false}
          olderHref={history.olderHref}
          emptyHint={t("detail.historyEmpty")}
          timeZone={timeZone}
        />
      </section>

      <ChangeDialog
        action={action}
        target={
          action
            ? {
                kind: "ids",
                ids: [campaign.id],
                count: 1,
                currencies: [campaign.currency],
                campaignName: campaign.name,
              }
            : null
        }
        onClose={() => setAction(null)}
      />
    </div>
  );
}

/** Overview | Ads, as links (each a URL of its own, kept with the range). */
function CampaignTabs({ tab }: { tab: "overview" | "ads" }) {
  const { t } = useTranslation("campaigns");
  const location = useLocation();
  const hrefOf = (target: "overview" | "ads") => {
    const params = new URLSearchParams(location.search);
    for (const name of ["tab", "ad", "newAd", "cursor"]) params.delete(name);
    if (target === "ads") params.set("tab", "ads");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label={t("ads.tabsLabel")} className="-mb-2 flex gap-1 border-b">
      {(["overview", "ads"] as const).map((target) => (
        <Link
          key={target}
          to={hrefOf(target)}
          preventScrollReset
          aria-current={tab === target ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 font-medium text-sm transition-colors",
            tab === target
              ? "border-primary text-foreground"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {t(target === "ads" ? "ads.tabAds" : "ads.tabOverview")}
        </Link>
      ))}
    </nav>
  );
}

function KpiTiles({ detail }: { detail: CampaignDetail }) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const { current, previous, currency } = detail.campaign;
  const money = (value: number | null) => format.moneyOrDash(value, currency);
  // Totals read "$13.2K" from ten thousand up, so they fit a phone's half-width tile.
  const total = (value: number | null) => format.compactMoney(value, currency);
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <KpiTile
        label={t("detail.spend")}
        icon={Coins}
        current={current.spendMinor}
        previous={previous.spendMinor}
        format={total}
        goodDirection="neutral"
      />
      <KpiTile
        label={t("detail.revenue")}
        icon={TrendingUp}
        current={current.revenueMinor}
        previous={previous.revenueMinor}
        format={total}
        goodDirection="higher"
      />
      <KpiTile
        label={t("detail.roas")}
        icon={Target}
        current={current.roas}
        previous={previous.roas}
        format={format.roas}
        goodDirection="higher"
        secondary={current.roi === null ? undefined : t("detail.roi", { value: format.percent(current.roi, "ratio") })}
      />
      <KpiTile
        label={t("detail.conversions")}
        icon={ShoppingCart}
        current={current.conversions}
        previous={previous.conversions}
        format={format.number}
        goodDirection="higher"
      />
      <KpiTile
        label={t("detail.cpa")}
        icon={Wallet}
        current={current.cpaMinor}
        previous={previous.cpaMinor}
        format={money}
        goodDirection="lower"
      />
      <KpiTile
        label={t("detail.ctr")}
        icon={MousePointerClick}
        current={current.ctr}
        previous={previous.ctr}
        format={(value) => format.percent(value)}
        goodDirection="higher"
        secondary={t("detail.clicks", {
          count: current.clicks,
          clicks: format.compactNumber(current.clicks),
          cpc: money(current.cpcMinor),
        })}
      />
    </div>
  );
}

type TrendView = "money" | "conversions" | "roas";

/** Each view's button and its chart's title, as catalog keys. */
const TREND_VIEWS = [
  { id: "money", label: "detail.viewMoney", title: "detail.chartMoney" },
  { id: "conversions", label: "detail.viewConversions", title: "detail.chartConversions" },
  { id: "roas", label: "detail.viewRoas", title: "detail.chartRoas" },
] as const satisfies ReadonlyArray<{ id: TrendView; label: string; title: string }>;

/** The daily trend: one scale at a time (money, conversions or ROAS), so no line is flattened by another's. */
function TrendCard({ detail }: { detail: CampaignDetail }) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const [view, setView] = useState<TrendView>("money");
  const { currency } = detail.campaign;
  const data: TrendPoint[] = detail.daily.map((day) => ({
    date: day.date,
    spend: day.spendMinor,
    revenue: day.revenueMinor,
    conversions: day.conversions,
    roas: day.spendMinor > 0 ? day.revenueMinor / day.spendMinor : 0,
  }));
  const moneyFormat = {
    format: (value: number) => format.money(Math.round(value), currency),
    formatTick: (value: number) => format.axisMoney(value, currency),
  };
  const series: Record<TrendView, TrendSeries[]> = {
    money: [
      { key: "spend", label: t("detail.spend"), kind: "area", color: "var(--chart-1)", ...moneyFormat },
      { key: "revenue", label: t("detail.revenue"), kind: "area", color: "var(--chart-2)", ...moneyFormat },
    ],
    conversions: [
      {
        key: "conversions",
        label: t("detail.conversions"),
        kind: "area",
        color: "var(--chart-3)",
        format: (value: number) => format.number(value),
      },
    ],
    roas: [
      { key: "roas", label: t("detail.roas"), color: "var(--chart-4)", format: (value: number) => format.roas(value) },
    ],
  };
  return (
    // Relative and clipped: the chart's visually hidden data table must not widen a phone's page.
    <Card className="relative gap-4 overflow-hidden">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-base">{t("detail.trend")}</h2>
          </CardTitle>
          <CardDescription>{format.dateRange(detail.range)}</CardDescription>
        </div>
        <fieldset className="inline-flex rounded-lg bg-muted p-[3px]">
          <legend className="sr-only">{t("detail.series")}</legend>
          {TREND_VIEWS.map((option) => (
            <button
              key={option.id}
              type="button"
              aria-pressed={view === option.id}
              onClick={() => setView(option.id)}
              className="h-7 rounded-md px-2.5 font-medium text-muted-foreground text-xs outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
            >
              {t(option.label)}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        <TrendChart
          title={t(TREND_VIEWS.find((option) => option.id === view)?.title ?? "detail.chartMoney", {
            name: detail.campaign.name,
          })}
          data={data}
          series={series[view]}
          canToggleSeries={view === "money"}
        />
      </CardContent>
    </Card>
  );
}
