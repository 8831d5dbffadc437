import { useState } from "react";
import { formatAxisMoney, formatMoney } from "#app/components/analytics/format-metrics.ts";
import { platformChartColor, platformName } from "#app/components/analytics/platform-label.tsx";
import { TrendChart, type TrendPoint, type TrendSeries } from "#app/components/analytics/trend-chart.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DateRange, PlatformDailyPoint } from "#core/analytics/analytics-types.ts";
import { listDays } from "#core/analytics/date-range.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

type Measure = "spendMinor" | "revenueMinor";
const MEASURES: Array<{ key: Measure; label: string }> = [
  { key: "spendMinor", label: "Spend" },
  { key: "revenueMinor", label: "Revenue" },
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
    format: (value) => formatMoney(value, currency),
    formatTick: (value) => formatAxisMoney(value, currency),
  }));
  const measureLabel = MEASURES.find((entry) => entry.key === measure)?.label ?? "Spend";

  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader>
        <CardTitle>
          <h2>Spend and revenue by platform</h2>
        </CardTitle>
        <CardDescription>
          Daily, in {currency}
          {otherCurrencies.length > 0
            ? ` (${otherCurrencies.join(", ")} not included: currencies are never added up)`
            : ""}
          .
        </CardDescription>
        <CardAction>
          <fieldset className="inline-flex rounded-lg bg-muted p-[3px]">
            <legend className="sr-only">Measure</legend>
            {MEASURES.map((entry) => (
              <button
                key={entry.key}
                type="button"
                aria-pressed={measure === entry.key}
                onClick={() => setMeasure(entry.key)}
                className={cn(
                  "h-7 rounded-md px-2.5 font-medium text-muted-foreground text-xs outline-none transition-colors",
                  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  "aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm",
                )}
              >
                {entry.label}
              </button>
            ))}
          </fieldset>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {series.length === 0 ? (
          <p className="flex min-h-60 flex-1 items-center justify-center rounded-lg border border-dashed text-center text-muted-foreground text-sm">
            No spend in this range yet. Numbers appear here as soon as a sync brings them in.
          </p>
        ) : (
          <TrendChart title={`${measureLabel} by platform`} data={data} series={series} height="fill" canToggleSeries />
        )}
      </CardContent>
    </Card>
  );
}
