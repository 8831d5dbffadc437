/**
 * A predicted outcome curve (recharts): spend on the x axis, the predicted daily outcome as a line
 * with its 80% band, observed days as dots, and marked budgets (today, selected, recommended) as
 * vertical lines with a dot on the curve. The what-if and each campaign's response curve draw
 * with it. Screen readers get `summary` (the figure's caption) and, instead of the drawing, hidden
 * tables of its points (the curve with its band, the marked budgets, the latest observed days). It
 * draws after hydration; the server sends a placeholder of the same height.
 */
import { useTranslation } from "react-i18next";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceDot,
  ReferenceLine,
  Scatter,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useIsHydrated } from "#app/lib/use-is-hydrated.ts";

export interface CurvePoint {
  x: number;
  mean: number;
  low: number;
  high: number;
}

export interface CurveMarker {
  key: string;
  x: number;
  /** The dot's height; none draws the line only. */
  y: number | null;
  label: string;
  tone: "today" | "selected" | "recommended";
}

const TONES = {
  today: { color: "var(--muted-foreground)", dash: "4 4" },
  selected: { color: "var(--chart-1)", dash: undefined },
  recommended: { color: "var(--chart-2)", dash: "6 3" },
} as const;

export interface CurveChartProps {
  curve: CurvePoint[];
  /** Observed days: spend and outcome (with the day, for the hidden table). */
  observed?: Array<{ x: number; y: number; date?: string }>;
  markers: CurveMarker[];
  formatX: (value: number) => string;
  formatXTick: (value: number) => string;
  formatY: (value: number) => string;
  formatYTick: (value: number) => string;
  labels: { mean: string; band: string; observed?: string; x: string };
  /** Formats an observed day's date (the hidden table's first column). */
  formatDate?: (date: string) => string;
  /** The chart's text alternative: what it shows, in a sentence or two. */
  summary: string;
  height?: number;
}

export function CurveChart(props: CurveChartProps) {
  const { curve, observed = [], markers, formatX, formatXTick, formatY, formatYTick, labels, summary } = props;
  const height = props.height ?? 260;
  const isHydrated = useIsHydrated();
  const data = curve.map((point) => ({ ...point, band: [point.low, point.high] as [number, number] }));
  const xMax = Math.max(
    curve.at(-1)?.x ?? 0,
    ...observed.map((point) => point.x),
    ...markers.map((marker) => marker.x),
  );
  const xMin = Math.min(curve[0]?.x ?? 0, ...markers.map((marker) => marker.x));
  const legend = [
    { key: "mean", label: labels.mean, color: "var(--chart-1)", shape: "line" },
    { key: "band", label: labels.band, color: "var(--chart-1)", shape: "band" },
    ...(observed.length > 0 && labels.observed
      ? [{ key: "observed", label: labels.observed, color: "var(--chart-3)", shape: "dot" }]
      : []),
    ...markers.map((marker) => ({
      key: marker.key,
      label: marker.label,
      color: TONES[marker.tone].color,
      shape: marker.tone === "selected" ? "rule" : "dashed",
    })),
  ];
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <div style={{ height }} className="w-full min-w-0" aria-hidden="true">
        {isHydrated ? (
          <ComposedChart
            responsive
            style={{ width: "100%", height }}
            data={data}
            margin={{ top: 12, right: 12, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              domain={[xMin, xMax]}
              tickFormatter={formatXTick}
              tickLine={false}
              axisLine={false}
              tickMargin={8}
              minTickGap={24}
              niceTicks="snap125"
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            />
            <YAxis
              tickFormatter={formatYTick}
              tickLine={false}
              axisLine={false}
              width="auto"
              niceTicks="snap125"
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            />
            <Tooltip
              cursor={{ stroke: "var(--border)" }}
              content={(tooltip: TooltipContentProps) => (
                <CurveTooltip {...tooltip} formatX={formatX} formatY={formatY} labels={labels} />
              )}
            />
            <Area dataKey="band" stroke="none" fill="var(--chart-1)" fillOpacity={0.2} isAnimationActive={false} />
            {observed.length > 0 ? (
              <Scatter
                data={observed}
                dataKey="y"
                fill="var(--chart-3)"
                fillOpacity={0.55}
                shape="circle"
                isAnimationActive={false}
              />
            ) : null}
            <Line
              dataKey="mean"
              stroke="var(--chart-1)"
              strokeWidth={2.5}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
            {markers.map((marker) => (
              <ReferenceLine
                key={`${marker.key}-line`}
                x={marker.x}
                stroke={TONES[marker.tone].color}
                strokeDasharray={TONES[marker.tone].dash}
                strokeWidth={marker.tone === "selected" ? 2 : 1.5}
                ifOverflow="extendDomain"
              />
            ))}
            {markers.map((marker) =>
              marker.y === null ? null : (
                <ReferenceDot
                  key={`${marker.key}-dot`}
                  x={marker.x}
                  y={marker.y}
                  r={5}
                  fill={TONES[marker.tone].color}
                  stroke="var(--card)"
                  strokeWidth={2}
                  ifOverflow="extendDomain"
                />
              ),
            )}
          </ComposedChart>
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-muted-foreground text-xs" aria-hidden="true">
        {legend.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <LegendSwatch color={item.color} shape={item.shape} />
            {item.label}
          </li>
        ))}
      </ul>
      <figcaption className="sr-only">{summary}</figcaption>
      <ScreenReaderPoints {...props} observed={observed} />
    </figure>
  );
}

/** The most recent observed days the hidden table lists (a long history would drown the reader). */
const MAX_OBSERVED_ROWS = 60;

/** The chart's points as hidden tables (their wrapper carries .sr-only, so a phone page keeps its width). */
function ScreenReaderPoints({ curve, observed = [], markers, formatX, formatY, labels, formatDate }: CurveChartProps) {
  const { t } = useTranslation("optimizer");
  const recent = observed.slice(-MAX_OBSERVED_ROWS);
  return (
    <div className="sr-only">
      <table>
        <caption>{labels.mean}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.x}</th>
            <th scope="col">{labels.mean}</th>
            <th scope="col">{labels.band}</th>
          </tr>
        </thead>
        <tbody>
          {curve.map((point) => (
            <tr key={point.x}>
              <th scope="row">{formatX(point.x)}</th>
              <td>{formatY(point.mean)}</td>
              <td>{t("units.range", { low: formatY(point.low), high: formatY(point.high) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {markers.length > 0 ? (
        <ul>
          {markers.map((marker) => (
            <li key={marker.key}>
              {marker.y === null
                ? t("chart.markerAt", { label: marker.label, x: formatX(marker.x) })
                : t("chart.marker", { label: marker.label, x: formatX(marker.x), y: formatY(marker.y) })}
            </li>
          ))}
        </ul>
      ) : null}
      {recent.length > 0 && labels.observed ? (
        <table>
          <caption>
            {recent.length < observed.length
              ? t("chart.observedLatest", { label: labels.observed, count: recent.length })
              : labels.observed}
          </caption>
          <thead>
            <tr>
              {formatDate ? <th scope="col">{t("chart.date")}</th> : null}
              <th scope="col">{labels.x}</th>
              <th scope="col">{t("chart.outcome")}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((point, index) => (
              <tr key={point.date ?? index}>
                {formatDate && point.date ? <th scope="row">{formatDate(point.date)}</th> : null}
                <td>{formatX(point.x)}</td>
                <td>{formatY(point.y)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function LegendSwatch({ color, shape }: { color: string; shape: string }) {
  if (shape === "dot")
    return <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color, opacity: 0.7 }} />;
  if (shape === "band")
    return <span className="h-2.5 w-3.5 shrink-0 rounded-[3px]" style={{ backgroundColor: color, opacity: 0.25 }} />;
  if (shape === "dashed")
    return <span className="h-3 w-0 shrink-0 border-l-2 border-dashed" style={{ borderColor: color }} />;
  if (shape === "rule") return <span className="h-3 w-0.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />;
  return <span className="h-0.5 w-3.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />;
}

function CurveTooltip({
  active,
  payload,
  formatX,
  formatY,
  labels,
}: TooltipContentProps & Pick<CurveChartProps, "formatX" | "formatY" | "labels">) {
  const { t } = useTranslation("optimizer");
  const point = payload?.find((entry) => (entry.payload as Partial<CurvePoint>)?.mean !== undefined)?.payload as
    | CurvePoint
    | undefined;
  if (!active || !point) return null;
  return (
    <div className="min-w-44 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="mb-1.5 font-medium">
        {labels.x}: {formatX(point.x)}
      </p>
      <p className="flex items-center justify-between gap-3">
        <span className="text-muted-foreground">{labels.mean}</span>
        <span className="font-medium tabular-nums">{formatY(point.mean)}</span>
      </p>
      <p className="flex items-center justify-between gap-3">
        <span className="text-muted-foreground">{labels.band}</span>
        <span className="tabular-nums">{t("units.range", { low: formatY(point.low), high: formatY(point.high) })}</span>
      </p>
    </div>
  );
}
