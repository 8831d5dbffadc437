/**
 * The shapes the analytics use cases return: the campaigns table, a campaign's page, the dashboard
 * and the API's metrics. Money is integer minor units of `currency`; amounts in different
 * currencies are never added together. Dates are calendar dates (YYYY-MM-DD), inclusive.
 */

import type { CalendarDate } from "#core/dates/calendar-date.ts";
import type { CampaignStatus } from "#core/shared/domain-enums.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The raw sums of a set of campaign-days. */
export interface MetricSums {
  impressions: number;
  clicks: number;
  spendMinor: number;
  conversions: number;
  /** What the platform reports as the conversions' value: the "revenue" column. */
  revenueMinor: number;
}

/** Sums plus the ratios derived from them; a ratio is null when its denominator is zero. */
export interface Kpis extends MetricSums {
  /** clicks / impressions, 0..1. */
  ctr: number | null;
  /** spend / clicks, minor units. */
  cpcMinor: number | null;
  /** spend / conversions, minor units. */
  cpaMinor: number | null;
  /** revenue / spend. */
  roas: number | null;
  /** (revenue - spend) / spend. */
  roi: number | null;
}

/** A value for the chosen range beside the same-length period just before it. */
export interface PeriodComparison {
  current: Kpis;
  previous: Kpis;
}

export const CAMPAIGN_SORT_KEYS = [
  "name",
  "platform",
  "account",
  "status",
  "dailyBudget",
  "spend",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "revenue",
  "roas",
] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";

export interface CampaignFilters {
  platforms?: AdPlatformId[];
  /** Adhelm ad account ids. */
  adAccountIds?: string[];
  statuses?: CampaignStatus[];
  /** Case-insensitive substring of the campaign's name. */
  search?: string;
}

export interface CampaignTableQuery {
  organizationId: string;
  range: DateRange;
  filters: CampaignFilters;
  sort: { key: CampaignSortKey; direction: SortDirection };
  /** 1-based. */
  page: number;
  pageSize: number;
  /** False skips the footer's totals (an export reads page after page and needs none). */
  withTotals?: boolean;
}

/** What a caller asks of the campaigns table; the organization is the actor's. */
export type CampaignTableRequest = Omit<CampaignTableQuery, "organizationId">;

/** One managed campaign (its ad account is managed and its connection is not disconnected). */
export interface CampaignSummary {
  id: string;
  platform: AdPlatformId;
  adAccountId: string;
  adAccountName: string;
  externalId: string;
  name: string;
  status: CampaignStatus;
  dailyBudgetMinor: number | null;
  currency: string;
  createdAt: string;
}

export interface CampaignRow extends CampaignSummary, PeriodComparison {}

export interface CampaignTablePage {
  /** With Adhelm's own labels of each campaign. */
  rows: Array<CampaignRow & { labels: string[] }>;
  /** Campaigns matching the filters, over every page. */
  total: number;
  page: number;
  pageSize: number;
  range: DateRange;
  previousRange: DateRange;
}

export interface DailyPoint extends MetricSums {
  date: CalendarDate;
}

export interface CampaignDetail {
  campaign: CampaignRow;
  /** One point per day of the range, zero-filled. */
  daily: DailyPoint[];
  range: DateRange;
  previousRange: DateRange;
}

/** Totals in one currency. */
export interface CurrencyTotals extends PeriodComparison {
  currency: string;
}

export interface PlatformTotals extends PeriodComparison {
  platform: AdPlatformId;
  currency: string;
  /**
   * Store revenue attributed to this platform by UTM source, in orders of this row's currency (0 when
   * the store sells in another); null without a store.
   */
  storeRevenueMinor: number | null;
}

export interface PlatformDailyPoint {
  date: CalendarDate;
  platform: AdPlatformId;
  currency: string;
  spendMinor: number;
  revenueMinor: number;
}

/**
 * Blended ROAS in one store currency: the store revenue the connected ad platforms can claim ÷
 * their ad spend in that currency. An order is claimed when its UTM source names an ad platform
 * the organization has a visible ad account of in the order's currency (`storeOrderClaimant` in
 * `utm-attribution.ts`); every other order is unattributed: shown, never divided into the ROAS.
 */
export interface BlendedRoas {
  currency: string;
  /** All paid orders minus refunds in the range, attributed or not. */
  storeRevenueMinor: number;
  previousStoreRevenueMinor: number;
  /** The part of the store revenue the connected platforms claim (the ROAS's numerator). */
  attributedRevenueMinor: number;
  previousAttributedRevenueMinor: number;
  adSpendMinor: number;
  previousAdSpendMinor: number;
  /** attributedRevenue / adSpend; null without spend. */
  roas: number | null;
  previousRoas: number | null;
  orders: number;
  /** Store revenue no connected platform can claim: storeRevenue − attributedRevenue. */
  unattributedRevenueMinor: number;
}

export interface DashboardAnalytics {
  range: DateRange;
  previousRange: DateRange;
  /** True when the organization has at least one connected ad platform. */
  hasAdPlatform: boolean;
  hasStore: boolean;
  /** Per currency, the reporting currency first. */
  totals: CurrencyTotals[];
  byPlatform: PlatformTotals[];
  trend: PlatformDailyPoint[];
  /** Best and worst campaigns by ROAS among those that spent in the range (five each). */
  topCampaigns: CampaignRow[];
  bottomCampaigns: CampaignRow[];
  /** One per store currency; empty without a connected store. */
  blended: BlendedRoas[];
}

export interface CampaignMetricsQuery {
  organizationId: string;
  campaignId: string;
  range: DateRange;
  granularity: "daily" | "total";
}

export interface CampaignMetrics {
  campaign: CampaignSummary;
  range: DateRange;
  total: Kpis;
  /** Present for daily granularity: one entry per day of the range, zero-filled. */
  daily?: Array<Kpis & { date: CalendarDate }>;
}

/** One campaign-day for the daily metrics CSV. */
export interface DailyMetricExportRow extends MetricSums {
  date: CalendarDate;
  campaignId: string;
  campaignName: string;
  platform: AdPlatformId;
  adAccountName: string;
  currency: string;
}
