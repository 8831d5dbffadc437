/**
 * A daily trend chart (recharts): several series as lines or areas over calendar dates, on one or
 * two value axes, themed with the CSS chart variables so it follows light and dark.
 *
 * Props:
 * - `title`: the chart's accessible name (and the caption of its screen-reader table).
 * - `data`: one object per day, `{ date: "YYYY-MM-DD", [series key]: number }`, in date order.
 * - `series`: what to draw, in legend order: `{ key, label, format, color?, kind?, axis?, stackId? }`.
 *   `format` turns a value into text (tooltip, axis, table); `color` defaults to `var(--chart-N)`;
 *   `kind` is "line" (default) or "area"; `axis` is "left" (default) or "right", and the right axis
 *   reads with the first right-hand series' format; series with the same `stackId` stack.
 * - `height`: the plot's height in pixels (default 280), or "fill": grow to the space a flex column
 *   gives it (at least 240 px), e.g. to line up with a taller card beside it.
 * - `canToggleSeries`: the legend's entries become toggle buttons that hide and show a series.
 * - `className`: extra classes on the wrapper.
 *
 * Screen readers get a visually hidden table of the values (up to 92 days) or, for longer ranges, a
 * summary of each series, in the reader's language. Dates on the axis, in the tooltip and in the
 * table read in the reader's locale; `format` should too (`useMetricFormat()`). The chart itself
 * draws after hydration, and recharts loads then (./trend-chart-plot.tsx), so a page's first
 * JavaScript does not carry it; the server sends a placeholder of the same height until it draws,
 * so the page does not jump.
 */
import type { TFunction } from "i18next";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";
import { formatShortDate } from "#core/shared/number-format.ts";
import type { TrendPoint, TrendSeries } from "./trend-chart-types.ts";

export type { TrendPoint, TrendSeries } from "./trend-chart-types.ts";

export interface TrendChartProps {
  title: string;
  data: TrendPoint[];
  series: TrendSeries[];
  height?: number | "fill";
  canToggleSeries?: boolean;
  className?: string;
}

/** A table beyond this many rows is more noise than help; longer ranges get a summary instead. */
const MAX_TABLE_ROWS = 92;

// recharts is the biggest library of the app: it loads when a chart is first drawn.
const TrendChartPlot = lazy(() => import("./trend-chart-plot.tsx"));

export function colorOfSeries(series: TrendSeries, index: number): string {
  return series.color ?? `var(--chart-${(index % 5) + 1})`;
}

export function TrendChart({ title, data, series, height = 280, canToggleSeries = false, className }: TrendChartProps) {
  const isHydrated = useIsHydrated();
  const locale = useLocale();
  const shortDate = (date: string) => formatShortDate(date, locale);
  const isFill = height === "fill";
  const [hiddenKeys, setHiddenKeys] = useState<ReadonlySet<string>>(new Set());
  // useId may contain characters (":", "«") that break a url(#id) reference.
  const gradientPrefix = `trend${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const colored = useMemo(
    () => series.map((item, index) => ({ ...item, color: colorOfSeries(item, index) })),
    [series],
  );
  const visible = colored.filter((item) => !hiddenKeys.has(item.key));

  const toggle = (key: string) =>
    setHiddenKeys((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else if (colored.length - next.size > 1) next.add(key); // Keep at least one series drawn.
      return next;
    });

  return (
    <figure className={cn("flex flex-col gap-3", isFill && "min-h-0 flex-1", className)} aria-label={title}>
      <div
        style={isFill ? undefined : { height }}
        className={cn("w-full min-w-0", isFill && "min-h-60 flex-1")}
        aria-hidden="true"
      >
        {isHydrated ? (
          <Suspense fallback={<Skeleton className="size-full" />}>
            <TrendChartPlot
              data={data}
              series={visible}
              height={height}
              gradientPrefix={gradientPrefix}
              shortDate={shortDate}
              locale={locale}
            />
          </Suspense>
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      <ChartLegend series={colored} hiddenKeys={hiddenKeys} onToggle={canToggleSeries ? toggle : undefined} />
      <ScreenReaderData title={title} data={data} series={colored} />
    </figure>
  );
}

function ChartLegend({
  series,
  hiddenKeys,
  onToggle,
}: {
  series: Array<TrendSeries & { color: string }>;
  hiddenKeys: ReadonlySet<string>;
  onToggle?: (key: string) => void;
}) {
  const { t } = useTranslation("analytics");
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs" aria-label={t("chart.series")}>
      {series.map((item) => {
        const swatch = (
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-[3px]"
            style={{ backgroundColor: hiddenKeys.has(item.key) ? "transparent" : item.color, borderColor: item.color }}
          />
        );
        return (
          <li key={item.key}>
            {onToggle ? (
              <button
                type="button"
                aria-pressed={!hiddenKeys.has(item.key)}
                onClick={() => onToggle(item.key)}
                className="flex items-center gap-1.5 rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-foreground [&>span]:border"
              >
                {swatch}
                {item.label}
              </button>
            ) : (
              <span className="flex items-center gap-1.5 text-muted-foreground">
                {swatch}
                {item.label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ScreenReaderData({ title, data, series }: { title: string; data: TrendPoint[]; series: TrendSeries[] }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  if (data.length === 0) return <p className="sr-only">{t("chart.noData", { title })}</p>;
  if (data.length > MAX_TABLE_ROWS) {
    return (
      <ul className="sr-only" aria-label={t("chart.summary", { title })}>
        {series.map((item) => (
          <li key={item.key}>{summarizeSeries(item, data, t, locale)}</li>
        ))}
      </ul>
    );
  }
  // A table ignores the 1px width of .sr-only and would widen a phone page: its wrapper carries it.
  return (
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t("chart.date")}</th>
            {series.map((item) => (
              <th key={item.key} scope="col">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatShortDate(point.date, locale)}</th>
              {series.map((item) => (
                <td key={item.key}>{item.format(Number(point[item.key] ?? 0))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Spend: $120.00 on Mar 1, $95.00 on May 30; highest $210.00 on Apr 12.", in `t`'s language. */
export function summarizeSeries(
  series: TrendSeries,
  data: TrendPoint[],
  t: TFunction<"analytics">,
  locale: string,
): string {
  const valueAt = (point: TrendPoint) => Number(point[series.key] ?? 0);
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last) return t("chart.seriesNoData", { label: series.label });
  const highest = data.reduce((best, point) => (valueAt(point) > valueAt(best) ? point : best), first);
  return t("chart.seriesSummary", {
    label: series.label,
    first: series.format(valueAt(first)),
    firstDate: formatShortDate(first.date, locale),
    last: series.format(valueAt(last)),
    lastDate: formatShortDate(last.date, locale),
    highest: series.format(valueAt(highest)),
    highestDate: formatShortDate(highest.date, locale),
  });
}
