import { ChevronLeft, GitCompareArrows } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateRangePicker } from "#app/components/analytics/date-range-picker.tsx";
import { TrendChart } from "#app/components/analytics/trend-chart.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import { dateRangeToSearchParams, type ResolvedDateRange } from "#core/analytics/date-range.ts";
import type { ComparedCreative } from "#core/assets/compare-creatives.ts";
import type { LibraryMetrics } from "#core/assets/library-types.ts";
import { AssetThumbnail } from "./asset-thumbnail.tsx";
import { CHART_KEYS } from "./catalog-keys.ts";
import { CHART_METRICS, type ChartMetric, chartFormatter, chartPoints } from "./chart-metrics.ts";
import { CREATIVE_FIGURES, type CreativeFigure, useCreativeFigures } from "./creative-figures.ts";
import { CreativeStatus, PlatformMarks } from "./creative-marks.tsx";
import { TiredBadge } from "./fatigue-evidence.tsx";
import { MetricSwitch } from "./metric-switch.tsx";

export interface CompareViewProps {
  creatives: ComparedCreative[];
  range: ResolvedDateRange;
  previousRange: DateRange;
  /** Why nothing is compared: none chosen, or more than four. */
  refusal: "none" | "tooMany" | null;
}

const COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)"];

/** The best value of a row: highest, except costs (lowest); none for spend. */
function bestIndex(values: Array<number | null>, figure: CreativeFigure): number | null {
  // Spending more is neither better nor worse.
  if (figure === "spend") return null;
  let best: number | null = null;
  values.forEach((value, index) => {
    if (value === null) return;
    const current = best === null ? null : values[best];
    const isLowBetter = figure === "cpa" || figure === "cpc";
    if (current === null || current === undefined || (isLowBetter ? value < current : value > current)) best = index;
  });
  return values.filter((value) => value !== null).length > 1 ? best : null;
}

function rawFigure(metrics: LibraryMetrics | null, figure: CreativeFigure): number | null {
  if (!metrics) return null;
  const raw = {
    spend: metrics.spendMinor,
    impressions: metrics.impressions,
    ctr: metrics.ctr,
    cpc: metrics.cpcMinor,
    cpa: metrics.cpaMinor,
    roas: metrics.roas,
    hookRate: metrics.hookRate,
  } as const;
  return raw[figure];
}

/** /assets/compare: up to four creatives' daily trends side by side and their figures in one table. */
export function CompareView({ creatives, range, previousRange, refusal }: CompareViewProps) {
  const { t } = useTranslation("assets");
  const figures = useCreativeFigures();
  const [metric, setMetric] = useState<ChartMetric>("ctr");
  const rangeQuery = dateRangeToSearchParams(range).toString();
  const hasVideo = creatives.some((item) => item.creative.kind === "video");
  const withDays = creatives.filter((item) => item.daily.length > 0);
  const currency = withDays[0]?.creative.metrics?.currency ?? "USD";
  const shownFigures = CREATIVE_FIGURES.filter((figure) => figure.key !== "hookRate" || hasVideo);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={`/assets?${rangeQuery}`}
          className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("creative.back")}
        </Link>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("compare.title")}</h1>
        <DateRangePicker range={range} previousRange={previousRange} />
      </div>

      {refusal || creatives.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <GitCompareArrows aria-hidden="true" className="size-6" />
          </span>
          <p role={refusal === "tooMany" ? "alert" : undefined} className="max-w-lg text-pretty text-muted-foreground">
            {refusal === "tooMany" ? t("compare.tooMany", { count: 4 }) : t("compare.empty")}
          </p>
          <Button asChild>
            <Link to={`/assets?${rangeQuery}`}>{t("compare.backToLibrary")}</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {creatives.map(({ creative }, index) => (
              <li key={creative.id} className="flex flex-col overflow-hidden rounded-xl border bg-card">
                <span className="h-1" style={{ background: COLORS[index] }} aria-hidden="true" />
                <div className="aspect-[4/3] overflow-hidden">
                  <AssetThumbnail asset={creative} />
                </div>
                <div className="flex flex-col gap-1.5 p-3">
                  <Link
                    to={`/assets/creatives/${encodeURIComponent(creative.id)}?${rangeQuery}`}
                    className="line-clamp-2 font-medium text-sm hover:underline"
                  >
                    {creative.name}
                  </Link>
                  <div className="flex flex-wrap items-center gap-2">
                    <PlatformMarks creative={creative} />
                    <CreativeStatus status={creative.status} />
                    <TiredBadge
                      verdict={creative.fatigue}
                      currency={creative.metrics?.currency ?? currency}
                      name={creative.name}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>

          {withDays.length > 0 ? (
            <Card className="overflow-hidden">
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
                <CardTitle className="text-base">
                  <h2>{t("compare.trends")}</h2>
                </CardTitle>
                <MetricSwitch
                  metrics={CHART_METRICS.filter((candidate) => candidate !== "hookRate" || hasVideo)}
                  value={metric}
                  onChange={setMetric}
                  label={t("chart.choose")}
                />
              </CardHeader>
              <CardContent>
                <TrendChart
                  title={t("compare.chartTitle", { metric: t(CHART_KEYS[metric]) })}
                  data={chartPoints(
                    withDays.map((item) => ({ key: item.creative.id, daily: item.daily })),
                    metric,
                  )}
                  series={withDays.map((item) => ({
                    key: item.creative.id,
                    label: item.creative.name,
                    format: chartFormatter(metric, item.creative.metrics?.currency ?? currency, figures.format),
                    color: COLORS[creatives.indexOf(item)],
                  }))}
                  height={300}
                  canToggleSeries
                />
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                <h2>{t("compare.figures")}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
              <section className="relative overflow-x-auto" tabIndex={0} aria-label={t("compare.figures")}>
                <table className="w-full caption-bottom text-sm">
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <span className="sr-only">{t("compare.figure")}</span>
                      </TableHead>
                      {creatives.map(({ creative }, index) => (
                        <TableHead key={creative.id} className="min-w-32 text-end">
                          <span className="inline-flex items-center gap-1.5">
                            <span
                              aria-hidden="true"
                              className="size-2.5 shrink-0 rounded-full"
                              style={{ background: COLORS[index] }}
                            />
                            <span className="line-clamp-1">{creative.name}</span>
                          </span>
                        </TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {shownFigures.map((figure) => {
                      const values = creatives.map(({ creative }) => rawFigure(creative.metrics, figure.key));
                      const best = bestIndex(values, figure.key);
                      return (
                        <TableRow key={figure.key}>
                          <TableHead scope="row" className="font-medium text-foreground">
                            {figures.label(figure.key)}
                          </TableHead>
                          {creatives.map(({ creative }, index) => (
                            <TableCell
                              key={creative.id}
                              className={cn(
                                "text-end tabular-nums",
                                best === index && "font-semibold text-emerald-700 dark:text-emerald-400",
                              )}
                            >
                              {figures.value(creative.metrics, figure.key)}
                              {best === index ? <span className="sr-only"> {t("compare.best")}</span> : null}
                            </TableCell>
                          ))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </table>
              </section>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
