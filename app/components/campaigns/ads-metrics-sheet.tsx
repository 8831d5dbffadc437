import { useTranslation } from "react-i18next";
import { TrendChart, type TrendPoint, type TrendSeries } from "#app/components/analytics/trend-chart.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "#app/components/ui/sheet.tsx";
import type { AdMetrics, AdWithMetrics } from "#core/ads/ads-types.ts";
import { AD_COLUMN_LABELS, AdThumbnail } from "./ads-tab.tsx";
import { CampaignStatusBadge } from "./campaign-cells.tsx";

/** An ad's drawer: its creative, its totals and its daily spend and clicks over the page's range. */
export function AdMetricsSheet({
  ad,
  metrics,
  onClose,
}: {
  ad: AdWithMetrics | null;
  metrics: AdMetrics | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const format = useMetricFormat();
  const open = ad !== null && metrics !== null;
  const currency = metrics?.currency ?? "USD";
  const data: TrendPoint[] = (metrics?.daily ?? []).map((day) => ({
    date: day.date,
    spend: day.metrics.spendMinor,
    clicks: day.metrics.clicks,
  }));
  const series: TrendSeries[] = [
    {
      key: "spend",
      label: t("ads.columns.spend"),
      kind: "area",
      color: "var(--chart-1)",
      format: (value) => format.money(Math.round(value), currency),
      formatTick: (value) => format.axisMoney(value, currency),
    },
    {
      key: "clicks",
      label: t("ads.clicks"),
      kind: "line",
      axis: "right",
      color: "var(--chart-2)",
      format: (value) => format.number(value),
    },
  ];
  const total = metrics?.total;
  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent className="w-full sm:max-w-xl">
        {ad && metrics && total ? (
          <>
            <SheetHeader className="pr-12">
              <SheetTitle className="break-words">{ad.creative.headline || ad.name}</SheetTitle>
              <SheetDescription>{t("ads.sheetIntro", { range: format.dateRange(metrics.range) })}</SheetDescription>
            </SheetHeader>
            <div className="grid gap-4 px-4 pb-6">
              <AdThumbnail creative={ad.creative} name={ad.name} size="lg" />
              <dl className="grid gap-1 text-sm">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-muted-foreground">{t("ads.columns.status")}</dt>
                  <dd>
                    <CampaignStatusBadge status={ad.status} />
                  </dd>
                </div>
                {ad.creative.body ? (
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t("ads.text")}</dt>
                    <dd className="break-words">{ad.creative.body}</dd>
                  </div>
                ) : null}
                {ad.creative.landingUrl ? (
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t("ads.landing")}</dt>
                    <dd className="break-all font-mono text-xs">{ad.creative.landingUrl}</dd>
                  </div>
                ) : null}
              </dl>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                {(
                  [
                    ["spend", format.moneyOrDash(total.spendMinor, currency)],
                    ["impressions", format.number(total.impressions)],
                    ["ctr", format.percent(total.ctr)],
                    ["cpc", format.moneyOrDash(total.cpcMinor, currency)],
                    ["conversions", format.number(total.conversions)],
                    ["roas", format.roas(total.roas)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key} className="grid gap-0.5 rounded-md border p-2">
                    <dt className="text-muted-foreground text-xs">{t(AD_COLUMN_LABELS[key])}</dt>
                    <dd className="font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              {total.impressions === 0 ? (
                <p className="text-muted-foreground text-sm">{t("ads.noDelivery")}</p>
              ) : (
                <TrendChart
                  title={t("ads.chartTitle", { name: ad.creative.headline || ad.name })}
                  data={data}
                  series={series}
                  height={220}
                />
              )}
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
