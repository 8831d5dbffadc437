/**
 * The drawing of a TrendChart (./trend-chart.tsx): recharts, loaded with React.lazy once the page
 * has hydrated, so a page's first JavaScript does not carry the library.
 */
import { Area, CartesianGrid, ComposedChart, Line, Tooltip, type TooltipContentProps, XAxis, YAxis } from "recharts";
import { formatShortDate } from "#core/shared/number-format.ts";
import type { TrendPoint, TrendSeries } from "./trend-chart-types.ts";

type ColoredSeries = TrendSeries & { color: string };

export default function TrendChartPlot({
  data,
  series: visible,
  height,
  gradientPrefix,
  shortDate,
  locale,
}: {
  data: TrendPoint[];
  /** The series shown, with their colors. */
  series: ColoredSeries[];
  height: number | "fill";
  gradientPrefix: string;
  shortDate: (date: string) => string;
  locale: string;
}) {
  const isFill = height === "fill";
  const leftSeries = visible.find((item) => (item.axis ?? "left") === "left");
  const rightSeries = visible.find((item) => item.axis === "right");
  return (
    <ComposedChart
      responsive
      style={{ width: "100%", height: isFill ? "100%" : height }}
      data={data}
      margin={{ top: 8, right: rightSeries ? 0 : 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <defs>
        {visible
          .filter((item) => item.kind === "area")
          .map((item) => (
            <linearGradient key={item.key} id={`${gradientPrefix}-${item.key}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={item.color} stopOpacity={0.35} />
              <stop offset="95%" stopColor={item.color} stopOpacity={0.02} />
            </linearGradient>
          ))}
      </defs>
      <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
      <XAxis
        dataKey="date"
        tickFormatter={shortDate}
        tickLine={false}
        axisLine={false}
        tickMargin={8}
        minTickGap={28}
        tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
      />
      <YAxis
        yAxisId="left"
        hide={!leftSeries}
        tickFormatter={(value: number) => (leftSeries?.formatTick ?? leftSeries?.format ?? String)(value)}
        tickLine={false}
        axisLine={false}
        width="auto"
        niceTicks="snap125"
        tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
      />
      <YAxis
        yAxisId="right"
        orientation="right"
        hide={!rightSeries}
        tickFormatter={(value: number) => (rightSeries?.formatTick ?? rightSeries?.format ?? String)(value)}
        tickLine={false}
        axisLine={false}
        width="auto"
        niceTicks="snap125"
        tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
      />
      <Tooltip
        cursor={{ stroke: "var(--border)" }}
        content={(props: TooltipContentProps) => <ChartTooltip {...props} series={visible} locale={locale} />}
      />
      {visible.map((item) =>
        item.kind === "area" ? (
          <Area
            key={item.key}
            yAxisId={item.axis ?? "left"}
            dataKey={item.key}
            name={item.label}
            type="monotone"
            stackId={item.stackId}
            stroke={item.color}
            strokeWidth={2}
            fill={`url(#${gradientPrefix}-${item.key})`}
            isAnimationActive={false}
            dot={false}
          />
        ) : (
          <Line
            key={item.key}
            yAxisId={item.axis ?? "left"}
            dataKey={item.key}
            name={item.label}
            type="monotone"
            stroke={item.color}
            strokeWidth={2}
            isAnimationActive={false}
            dot={false}
          />
        ),
      )}
    </ComposedChart>
  );
}

function ChartTooltip({
  active,
  payload,
  label,
  series,
  locale,
}: TooltipContentProps & { series: ColoredSeries[]; locale: string }) {
  if (!active || !payload?.length || typeof label !== "string") return null;
  const point = payload[0]?.payload as TrendPoint | undefined;
  if (!point) return null;
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="mb-1.5 font-medium">{formatShortDate(label, locale)}</p>
      <ul className="flex flex-col gap-1">
        {series.map((item) => (
          <li key={item.key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[3px]" style={{ backgroundColor: item.color }} />
            <span className="text-muted-foreground">{item.label}</span>
            <span className="ml-auto pl-3 font-medium tabular-nums">{item.format(Number(point[item.key] ?? 0))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
