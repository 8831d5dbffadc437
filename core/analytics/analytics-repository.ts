import { type Kysely, sql } from "kysely";
import type { AdPlatformId } from "../../connectors/connector.ts";
import type { Database } from "../db/schema.ts";
import type {
  CampaignFilters,
  CampaignSummary,
  CampaignTableQuery,
  DailyMetricExportRow,
  DailyPoint,
  DateRange,
  MetricSums,
  PlatformDailyPoint,
  SortDirection,
} from "./analytics-types.ts";

/** Sums of one platform in one currency. */
export interface PlatformSums extends MetricSums {
  platform: AdPlatformId;
  currency: string;
}

/** Store revenue of one currency from one UTM source (null: the order carried none). */
export interface StoreRevenueBySource {
  currency: string;
  utmSource: string | null;
  /** Paid totals minus refunds. */
  revenueMinor: number;
  orders: number;
}

/** The metric rows a sync step wrote: which campaigns, from which date on. */
export interface MetricChanges {
  organizationId: string;
  rows: Array<{ campaignId: string; date: string }>;
}

/**
 * The only SQL of the analytics. Every method is scoped by the organization, and only managed
 * campaigns count (their ad account is managed and their connection is not disconnected).
 */
export interface AnalyticsRepository {
  /** One page of the managed campaigns matching the filters, sorted (metric keys over `query.range`). */
  listCampaignPage(query: CampaignTableQuery): Promise<{ campaigns: CampaignSummary[]; total: number }>;
  /** A managed campaign of the organization; null for anyone else's or an unmanaged one. */
  findCampaign(organizationId: string, campaignId: string): Promise<CampaignSummary | null>;
  /** The sums of each given campaign over the range (campaigns without data are left out). */
  sumByCampaign(organizationId: string, campaignIds: string[], range: DateRange): Promise<Map<string, MetricSums>>;
  /** The days of one campaign that have data, in date order. */
  listCampaignDays(organizationId: string, campaignId: string, range: DateRange): Promise<DailyPoint[]>;
  /** Managed campaigns that spent in the range, ranked by ROAS (ties: more spend first). */
  rankCampaignsByRoas(
    organizationId: string,
    range: DateRange,
    direction: SortDirection,
    limit: number,
  ): Promise<CampaignSummary[]>;
  /** Sums per platform and currency over the range. */
  sumByPlatform(organizationId: string, range: DateRange): Promise<PlatformSums[]>;
  /** Spend and revenue per day, platform and currency (days without data are left out). */
  listPlatformDays(organizationId: string, range: DateRange): Promise<PlatformDailyPoint[]>;
  /** Paid orders minus refunds by order date (UTC) in the range, per currency and UTM source. */
  sumStoreRevenue(organizationId: string, range: DateRange): Promise<StoreRevenueBySource[]>;
  /** What the organization has connected (not disconnected): an ad platform, stores and their currencies. */
  findConnectedKinds(
    organizationId: string,
  ): Promise<{ hasAdPlatform: boolean; hasStore: boolean; storeCurrencies: string[] }>;
  /** Every campaign-day of the range in batches, ordered by date then campaign, never all in memory. */
  iterateDailyMetricRows(
    organizationId: string,
    range: DateRange,
    filters: CampaignFilters,
    batchSize: number,
  ): AsyncIterable<DailyMetricExportRow[]>;
  /** Brings the rollups in line with metric rows that were just written. */
  refreshRollups(changes: MetricChanges): Promise<void>;
}

export function createAnalyticsRepository(db: Kysely<Database>): AnalyticsRepository {
  void db;
  void sql;
  throw new Error("not built yet");
}
