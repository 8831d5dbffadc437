/**
 * The campaigns table's columns after the fixed ones (selection and name): what each shows, how it
 * sorts, and whether higher is good news for its change against the previous period. A column's
 * label is a key of the "campaigns" catalog, translated where it is shown; its figures are
 * formatted in the reader's locale (`useMetricFormat()`).
 */
import type { ReactNode } from "react";
import type { GoodDirection } from "#app/components/analytics/delta.ts";
import type { CampaignRow, CampaignSortKey, Kpis } from "#core/analytics/analytics-types.ts";
import type { CampaignTableTotals } from "#core/analytics/get-campaign-table.ts";
import type { MetricFormat } from "#core/shared/number-format.ts";
import { CampaignStatusBadge, MetricValue, PlatformName } from "./campaign-cells.tsx";

export interface CampaignColumn {
  id: CampaignSortKey;
  /** A catalog key ("columns.spend"). */
  label: string;
  /** Figures align right. */
  isNumeric: boolean;
  /** The first click on a text column sorts A→Z; on a figure, highest first. */
  firstDirection: "asc" | "desc";
  render: (row: CampaignRow, format: MetricFormat) => ReactNode;
  /** The footer's figure over every matching campaign (a sum, or a ratio of sums); none for text columns. */
  total?: (totals: CampaignTableTotals, format: MetricFormat) => string;
}

function metricColumn(
  id: CampaignSortKey,
  label: string,
  goodDirection: GoodDirection,
  read: (kpis: Kpis) => number | null,
  show: (value: number | null, row: Pick<CampaignRow, "currency">, format: MetricFormat) => string,
): CampaignColumn {
  return {
    id,
    total: (totals, format) => show(read(totals.kpis), totals, format),
    label,
    isNumeric: true,
    firstDirection: "desc",
    render: (row, format) => (
      <MetricValue
        value={show(read(row.current), row, format)}
        current={read(row.current)}
        previous={read(row.previous)}
        goodDirection={goodDirection}
      />
    ),
  };
}

type Currency = Pick<CampaignRow, "currency">;
const money = (value: number | null, row: Currency, format: MetricFormat) => format.moneyOrDash(value, row.currency);
const number = (value: number | null, _row: Currency, format: MetricFormat) => format.number(value);

export const CAMPAIGN_COLUMNS: readonly CampaignColumn[] = [
  {
    id: "platform",
    label: "columns.platform",
    isNumeric: false,
    firstDirection: "asc",
    render: (row) => <PlatformName platform={row.platform} fromSymbol />,
  },
  {
    id: "account",
    label: "columns.account",
    isNumeric: false,
    firstDirection: "asc",
    render: (row) => (
      <span className="block max-w-40 truncate text-muted-foreground" title={row.adAccountName}>
        {row.adAccountName}
      </span>
    ),
  },
  {
    id: "status",
    label: "columns.status",
    isNumeric: false,
    firstDirection: "asc",
    render: (row) => <CampaignStatusBadge status={row.status} />,
  },
  {
    id: "dailyBudget",
    label: "columns.dailyBudget",
    isNumeric: true,
    firstDirection: "desc",
    render: (row, format) => (
      <span className="tabular-nums">
        {row.dailyBudgetMinor === null ? "—" : format.money(row.dailyBudgetMinor, row.currency)}
      </span>
    ),
  },
  metricColumn("spend", "columns.spend", "neutral", (kpis) => kpis.spendMinor, money),
  metricColumn("impressions", "columns.impressions", "higher", (kpis) => kpis.impressions, number),
  metricColumn("clicks", "columns.clicks", "higher", (kpis) => kpis.clicks, number),
  metricColumn(
    "ctr",
    "columns.ctr",
    "higher",
    (kpis) => kpis.ctr,
    (value, _row, format) => format.percent(value),
  ),
  metricColumn("cpc", "columns.cpc", "lower", (kpis) => kpis.cpcMinor, money),
  metricColumn("conversions", "columns.conversions", "higher", (kpis) => kpis.conversions, number),
  metricColumn("cpa", "columns.cpa", "lower", (kpis) => kpis.cpaMinor, money),
  metricColumn("revenue", "columns.revenue", "higher", (kpis) => kpis.revenueMinor, money),
  metricColumn(
    "roas",
    "columns.roas",
    "higher",
    (kpis) => kpis.roas,
    (value, _row, format) => format.roas(value),
  ),
];

export const ALL_COLUMN_IDS: readonly CampaignSortKey[] = CAMPAIGN_COLUMNS.map((column) => column.id);

/**
 * The column chooser's presets, each a column list in order. Performance is the table's default:
 * results and their cost first, so ROAS, CPA and Revenue show without scrolling on a 1440px screen.
 */
export const COLUMN_PRESETS = {
  performance: ["status", "spend", "conversions", "cpa", "revenue", "roas", "ctr"],
  delivery: ["status", "platform", "spend", "impressions", "clicks", "ctr", "cpc"],
  budget: ["status", "account", "dailyBudget", "spend", "cpa", "roas"],
} as const satisfies Record<string, readonly CampaignSortKey[]>;
export type ColumnPreset = keyof typeof COLUMN_PRESETS;
export const PRESET_IDS = Object.keys(COLUMN_PRESETS) as ColumnPreset[];
export const DEFAULT_COLUMNS: readonly CampaignSortKey[] = COLUMN_PRESETS.performance;

/** The preset these columns are, in this order; null for a person's own choice. */
export function presetOf(columns: readonly string[]): ColumnPreset | null {
  return (
    PRESET_IDS.find((id) => {
      const preset: readonly string[] = COLUMN_PRESETS[id];
      return preset.length === columns.length && preset.every((column, index) => columns[index] === column);
    }) ?? null
  );
}

/** The columns' definitions in the order given; unknown ids are skipped. */
export function columnsInOrder(ids: readonly string[]): CampaignColumn[] {
  return ids.flatMap((id) => CAMPAIGN_COLUMNS.find((column) => column.id === id) ?? []);
}

/** What a phone's card shows beside spend, most telling first: the first of these the person shows. */
const KEY_METRICS: readonly CampaignSortKey[] = [
  "roas",
  "cpa",
  "revenue",
  "conversions",
  "ctr",
  "cpc",
  "clicks",
  "impressions",
];

/** The figure a phone's card shows beside spend: ROAS with the default columns, else the best one shown. */
export function keyMetricOf(ids: readonly string[]): CampaignColumn {
  const id = KEY_METRICS.find((metric) => ids.includes(metric)) ?? "roas";
  return CAMPAIGN_COLUMNS.find((column) => column.id === id) as CampaignColumn;
}
