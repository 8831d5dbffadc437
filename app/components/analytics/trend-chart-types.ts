/** What a TrendChart (./trend-chart.tsx) draws; shared with its lazily loaded plot. */
export interface TrendSeries {
  key: string;
  label: string;
  format: (value: number) => string;
  /** An axis tick's shorter form (e.g. "$12K"); defaults to `format`. */
  formatTick?: (value: number) => string;
  color?: string;
  kind?: "line" | "area";
  axis?: "left" | "right";
  stackId?: string;
}

export type TrendPoint = { date: string } & Record<string, number | string>;
