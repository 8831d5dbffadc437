import { useState } from "react";
import { useTranslation } from "react-i18next";
import { platformChartColor, platformName } from "#app/components/analytics/platform-label.tsx";
import { TrendChart, type TrendPoint, type TrendSeries } from "#app/components/analytics/trend-chart.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DateRange, PlatformDailyPoint } from "#core/analytics/analytics-types.ts";
import { listDays } from "#core/analytics/date-range.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

type Measure = "spendMinor" | "revenueMinor";
/** Each measure's toggle label and chart title in the "dashboard" catalog. */
const MEASURES: Array<{ key: Measure; label: string; chartTitle: string }> = [
  { key: "spendMinor", label: "trend.spend", chartTitle: "trend.spendChart" },
  { key: "revenueMinor", label: "trend.revenue", chartTitle: "trend.revenueChart" },
];

/** Daily spend or revenue per platform, stacked, in the reporting currency. */
export function PlatformTrendCard({
  trend,
  range,
  currency,
  className,
}: {
  trend: PlatformDailyPoint[];
  range: DateRange;
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMetricFormat();
  const [measure, setMeasure] = useState<Measure>("spendMinor");
  const inCurrency = trend.filter((point) => point.currency === currency);
  const otherCurrencies = [...new Set(trend.map((point) => point.currency).filter((code) => code !== currency))];
  const platforms = AD_PLATFORM_IDS.filter((platform) => inCurrency.some((point) => point.platform === platform));

  const byDate = new Map<string, TrendPoint>(listDays(range).map((date) => [date, { date }]));
  for (const point of inCurrency) {
    const row = byDate.get(point.date);
    if (row) row[point.platform] = Number(row[point.platform] ?? 0) + point[measure];
  }
  // Days without data are zero for every platform: a gap is a day without spend, not a missing point.
  for (const row of byDate.values()) for (const platform of platforms) row[platform] ??= 0;
  const data = [...byDate.values()];

  const series: TrendSeries[] = platforms.map((platform) => ({
    key: platform,
    label: platformName(platform),
    color: platformChartColor(platform),
    kind: "area",
    stackId: "platforms",
    format: (value) => format.money(value, currency),
    formatTick: (value) => format.axisMoney(value, currency),
  }));
  const chartTitle = MEASURES.find((entry) => entry.key === measure)?.chartTitle ?? "trend.spendChart";

  return (
    <Card className={cn("min-w-0", className)}>
      {/* On a phone the measure toggle goes under the title, which keeps the width a long title needs. */}
      <CardHeader className="max-sm:grid-cols-1!">
        <CardTitle>
          <h2>{t("trend.title")}</h2>
        </CardTitle>
        <CardDescription>
          {otherCurrencies.length > 0
            ? t("trend.descriptionOtherCurrencies", { currency, others: format.list(otherCurrencies) })
            : t("trend.description", { currency })}
        </CardDescription>
        <CardAction className="max-sm:col-start-1! max-sm:row-span-1! max-sm:row-start-3! max-sm:justify-self-start!">
          <fieldset className="inline-flex rounded-lg bg-muted p-[3px]">
            <legend className="sr-only">{t("trend.measure")}</legend>
            {MEASURES.map((entry) => (
              <button
                key={entry.key}
                type="button"
                aria-pressed={measure === entry.key}
                onClick={() => setMeasure(entry.key)}
                className={cn(
                  "h-7 whitespace-nowrap rounded-md px-2.5 font-medium text-muted-foreground text-xs outline-none transition-colors",
                  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  "aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm",
                )}
              >
                {t(entry.label)}
              </button>
            ))}
          </fieldset>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {series.length === 0 ? (
          <p className="flex min-h-60 flex-1 items-center justify-center rounded-lg border border-dashed text-center text-muted-foreground text-sm">
            {t("trend.empty")}
          </p>
        ) : (
          <TrendChart title={t(chartTitle)} data={data} series={series} height="fill" canToggleSeries />
        )}
      </CardContent>
    </Card>
  );
}
