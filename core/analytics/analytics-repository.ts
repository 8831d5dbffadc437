/**
 * The analytics' one repository, as the services build it: each question's SQL lives in its own
 * module (`campaign-table-queries.ts`, `campaign-queries.ts`, `dashboard-queries.ts`,
 * `export-queries.ts`), the rollups and their refresh in `analytics-rollups.ts`, and what they
 * share in `analytics-sql.ts`.
 */
import { rebuildRollups } from "./analytics-rollups.ts";
import type { Db } from "./analytics-sql.ts";
import type {
  CampaignFilters,
  CampaignSummary,
  CampaignTableQuery,
  DailyMetricExportRow,
  DailyPoint,
  DateRange,
  MetricSums,
  PlatformDailyPoint,
} from "./analytics-types.ts";
import { findCampaign, listCampaignDays, sumByCampaign } from "./campaign-queries.ts";
import {
  type CampaignIdentity,
  listCampaignIdentities,
  listTaggedOrderBuckets,
  type TaggedOrderBucket,
} from "./campaign-store-revenue-queries.ts";
import {
  type CampaignTableSums,
  listCampaignLabels,
  listCampaignPage,
  listMatchingCampaignIds,
  sumCampaignTable,
} from "./campaign-table-queries.ts";
import {
  type ConnectedKinds,
  findConnectedKinds,
  listPlatformDays,
  type PlatformSums,
  rankCampaignsByRoas,
  type StoreRevenueBySource,
  sumByPlatform,
  sumStoreRevenue,
} from "./dashboard-queries.ts";
import { iterateDailyMetricRows } from "./export-queries.ts";

// The sync repository refreshes the rollups through these names.
export type { PlatformSums, StoreRevenueBySource };

/**
 * The only SQL of the analytics. Every method is scoped by the organization, and only managed
 * campaigns count (their ad account is managed and their connection is not disconnected).
 */
export interface AnalyticsRepository {
  /** One page of the managed campaigns matching the filters, sorted (metric keys over `query.range`). */
  listCampaignPage(query: CampaignTableQuery): Promise<{ campaigns: CampaignSummary[]; total: number }>;
  /** Adhelm's own labels of some of the organization's campaigns (the table shows them). */
  labelsOf(organizationId: string, campaignIds: readonly string[]): Promise<Map<string, string[]>>;
  /** The sums over the range of every managed campaign matching the filters (all pages), per currency. */
  sumCampaignTable(organizationId: string, range: DateRange, filters: CampaignFilters): Promise<CampaignTableSums[]>;
  /** The ids of the managed campaigns matching the filters, by name; only their count when more than `limit`. */
  listMatchingCampaignIds(
    organizationId: string,
    filters: CampaignFilters,
    limit: number,
  ): Promise<{ ids: string[]; total: number }>;
  /** A managed campaign of the organization, whatever its status; null for anyone else's. */
  findCampaign(organizationId: string, campaignId: string): Promise<CampaignSummary | null>;
  /** The sums of each given campaign over the range (campaigns without data are left out). */
  sumByCampaign(organizationId: string, campaignIds: string[], range: DateRange): Promise<Map<string, MetricSums>>;
  /** The days of one campaign that have data, in date order. */
  listCampaignDays(organizationId: string, campaignId: string, range: DateRange): Promise<DailyPoint[]>;
  /**
   * Managed campaigns that spent in the range ranked by ROAS (ties: more spend first): the `limit`
   * best, and the `limit` worst among the others.
   */
  rankCampaignsByRoas(
    organizationId: string,
    range: DateRange,
    limit: number,
  ): Promise<{ best: CampaignSummary[]; worst: CampaignSummary[] }>;
  /** Sums per platform and currency over the range. */
  sumByPlatform(organizationId: string, range: DateRange): Promise<PlatformSums[]>;
  /** Spend and revenue per day, platform and currency (days without data are left out). */
  listPlatformDays(organizationId: string, range: DateRange): Promise<PlatformDailyPoint[]>;
  /**
   * Paid orders minus refunds of connected stores by order date (UTC) in the range, per currency and
   * UTM source, and per utm_campaign too with `byCampaignTag` (read from the orders, not the rollup).
   */
  sumStoreRevenue(
    organizationId: string,
    range: DateRange,
    options?: { byCampaignTag?: boolean },
  ): Promise<StoreRevenueBySource[]>;
  /**
   * What the organization has connected (not disconnected): an ad platform, stores and their
   * currencies, and the platforms and currencies of its visible ad accounts (who may claim store revenue).
   */
  findConnectedKinds(organizationId: string): Promise<ConnectedKinds>;
  /** Every visible campaign (removed ones too) with the names UTM tags may give it and its account's time zone. */
  listCampaignIdentities(organizationId: string): Promise<CampaignIdentity[]>;
  /**
   * Orders of connected stores placed in [fromInstant, toInstant) that carry a UTM source and
   * campaign, summed per quarter hour (UTC), currency, source and campaign.
   */
  listTaggedOrderBuckets(organizationId: string, fromInstant: string, toInstant: string): Promise<TaggedOrderBucket[]>;
  /**
   * Every campaign-day with data in the range, in batches of about `batchSize` rows: campaign by
   * campaign (platform, account, name), each one's days in date order. Only one batch is held.
   */
  iterateDailyMetricRows(
    organizationId: string,
    range: DateRange,
    filters: CampaignFilters,
    batchSize: number,
  ): AsyncIterable<DailyMetricExportRow[]>;
  /** Recomputes an organization's rollups from its metrics and orders (after writes that bypassed the sync repository). */
  rebuildRollups(organizationId: string): Promise<void>;
}

export function createAnalyticsRepository(db: Db): AnalyticsRepository {
  return {
    listCampaignPage: (query) => listCampaignPage(db, query),
    labelsOf: (organizationId, campaignIds) => listCampaignLabels(db, organizationId, campaignIds),
    sumCampaignTable: (organizationId, range, filters) => sumCampaignTable(db, organizationId, range, filters),
    listMatchingCampaignIds: (organizationId, filters, limit) =>
      listMatchingCampaignIds(db, organizationId, filters, limit),
    findCampaign: (organizationId, campaignId) => findCampaign(db, organizationId, campaignId),
    sumByCampaign: (organizationId, campaignIds, range) => sumByCampaign(db, organizationId, campaignIds, range),
    listCampaignDays: (organizationId, campaignId, range) => listCampaignDays(db, organizationId, campaignId, range),
    rankCampaignsByRoas: (organizationId, range, limit) => rankCampaignsByRoas(db, organizationId, range, limit),
    sumByPlatform: (organizationId, range) => sumByPlatform(db, organizationId, range),
    listPlatformDays: (organizationId, range) => listPlatformDays(db, organizationId, range),
    sumStoreRevenue: (organizationId, range, options) => sumStoreRevenue(db, organizationId, range, options),
    findConnectedKinds: (organizationId) => findConnectedKinds(db, organizationId),
    listCampaignIdentities: (organizationId) => listCampaignIdentities(db, organizationId),
    listTaggedOrderBuckets: (organizationId, fromInstant, toInstant) =>
      listTaggedOrderBuckets(db, organizationId, fromInstant, toInstant),
    iterateDailyMetricRows: (organizationId, range, filters, batchSize) =>
      iterateDailyMetricRows(db, organizationId, range, filters, batchSize),
    rebuildRollups: (organizationId) => rebuildRollups(db, organizationId),
  };
}
