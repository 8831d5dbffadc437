/**
 * The campaigns table's columns after the fixed ones (selection and name): what each shows, how it
 * sorts, and whether higher is good news for its change against the previous period.
 */
import type { ReactNode } from "react";
import type { GoodDirection } from "#app/components/analytics/delta.ts";
import {
  formatMoney,
  formatMoneyOrDash,
  formatNumber,
  formatPercent,
  formatRoas,
} from "#app/components/analytics/format-metrics.ts";
import type { CampaignRow, CampaignSortKey, Kpis } from "#core/analytics/analytics-types.ts";
import { CampaignStatusBadge, MetricValue, PlatformName } from "./campaign-cells.tsx";

export interface CampaignColumn {
  id: CampaignSortKey;
  label: string;
  /** Figures align right. */
  isNumeric: boolean;
  /** The first click on a text column sorts A→Z; on a figure, highest first. */
  firstDirection: "asc" | "desc";
  render: (row: CampaignRow) => ReactNode;
}

function metricColumn(
  id: CampaignSortKey,
  label: string,
  goodDirection: GoodDirection,
  read: (kpis: Kpis) => number | null,
  format: (value: number | null, row: CampaignRow) => string,
): CampaignColumn {
  return {
    id,
    label,
    isNumeric: true,
    firstDirection: "desc",
    render: (row) => (
      <MetricValue
        value={format(read(row.current), row)}
        current={read(row.current)}
        previous={read(row.previous)}
        goodDirection={goodDirection}
      />
    ),
  };
}

const money = (value: number | null, row: CampaignRow) => formatMoneyOrDash(value, row.currency);

export const CAMPAIGN_COLUMNS: readonly CampaignColumn[] = [
  {
    id: "platform",
    label: "Platform",
    isNumeric: false,
    firstDirection: "asc",
    render: (row) => <PlatformName platform={row.platform} />,
  },
  {
    id: "account",
    label: "Account",
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
    label: "Status",
    isNumeric: false,
    firstDirection: "asc",
    render: (row) => <CampaignStatusBadge status={row.status} />,
  },
  {
    id: "dailyBudget",
    label: "Daily budget",
    isNumeric: true,
    firstDirection: "desc",
    render: (row) => (
      <span className="tabular-nums">
        {row.dailyBudgetMinor === null ? "—" : formatMoney(row.dailyBudgetMinor, row.currency)}
      </span>
    ),
  },
  metricColumn("spend", "Spend", "neutral", (kpis) => kpis.spendMinor, money),
  metricColumn("impressions", "Impressions", "higher", (kpis) => kpis.impressions, formatNumber),
  metricColumn("clicks", "Clicks", "higher", (kpis) => kpis.clicks, formatNumber),
  metricColumn(
    "ctr",
    "CTR",
    "higher",
    (kpis) => kpis.ctr,
    (value) => formatPercent(value),
  ),
  metricColumn("cpc", "CPC", "lower", (kpis) => kpis.cpcMinor, money),
  metricColumn("conversions", "Conversions", "higher", (kpis) => kpis.conversions, formatNumber),
  metricColumn("cpa", "CPA", "lower", (kpis) => kpis.cpaMinor, money),
  metricColumn("revenue", "Revenue", "higher", (kpis) => kpis.revenueMinor, money),
  metricColumn("roas", "ROAS", "higher", (kpis) => kpis.roas, formatRoas),
];

export const ALL_COLUMN_IDS: readonly CampaignSortKey[] = CAMPAIGN_COLUMNS.map((column) => column.id);
