/** The dashboard's analytics: best and worst campaigns, sums and days per platform, store revenue. */
import { type SqlBool, sql } from "kysely";
import { isVisibleAccount, visibleAccounts } from "#core/campaigns/visible-campaigns.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type AdPlatformId, isAdPlatform, isStorePlatform } from "#core/shared/platforms.ts";
import {
  type Db,
  difference,
  findManagedAccountIds,
  findSummaries,
  joinRangeSums,
  lookupDates,
  ratio,
  summedColumns,
  toSums,
} from "./analytics-sql.ts";
import type { CampaignSummary, DateRange, MetricSums, PlatformDailyPoint } from "./analytics-types.ts";
import type { ClaimingAccount } from "./utm-attribution.ts";

/** Sums of one platform in one currency. */
export interface PlatformSums extends MetricSums {
  platform: AdPlatformId;
  currency: string;
}

/** Store revenue of one currency from one UTM source (null: the order carried none). */
export interface StoreRevenueBySource {
  currency: string;
  utmSource: string | null;
  /** The orders' utm_campaign, when asked for (null: not asked for, or none). */
  utmCampaign: string | null;
  /** Paid totals minus refunds. */
  revenueMinor: number;
  orders: number;
}

export async function rankCampaignsByRoas(
  db: Db,
  organizationId: string,
  range: DateRange,
  limit: number,
): Promise<{ best: CampaignSummary[]; worst: CampaignSummary[] }> {
  const [dates, accountIds] = await Promise.all([
    lookupDates(db, organizationId, range),
    findManagedAccountIds(db, organizationId, {}),
  ]);
  if (!dates || limit < 1 || accountIds.length === 0) return { best: [], worst: [] };
  const spend = difference("spend_minor");
  const roas = ratio("conversion_value_minor", "spend_minor");
  const ranked = (direction: "asc" | "desc", count: number) =>
    joinRangeSums(
      db
        .selectFrom("campaigns as c")
        .where("c.organization_id", "=", organizationId)
        .where("c.ad_account_id", "in", accountIds),
      accountIds,
      dates,
    )
      .where(sql<SqlBool>`${spend} > 0`)
      .select("c.id")
      .orderBy(roas, direction)
      .orderBy(spend, "desc")
      .orderBy("c.id")
      .limit(count)
      .execute();
  // Two short top-N sorts cost less than ranking every campaign twice.
  const [best, worstCandidates] = await Promise.all([ranked("desc", limit), ranked("asc", limit * 2)]);
  const bestIds = new Set(best.map((row) => row.id));
  const worst = worstCandidates.filter((row) => !bestIds.has(row.id)).slice(0, limit);
  const summaries = await findSummaries(
    db,
    organizationId,
    [...best, ...worst].map((row) => row.id),
  );
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return {
    best: best.flatMap((row) => byId.get(row.id) ?? []),
    worst: worst.flatMap((row) => byId.get(row.id) ?? []),
  };
}

export async function sumByPlatform(db: Db, organizationId: string, range: DateRange): Promise<PlatformSums[]> {
  // Summed per account first (one pass over the days), then the few account totals are joined.
  const perAccount = db
    .selectFrom("ad_account_daily_metrics as r")
    .where("r.organization_id", "=", organizationId)
    .where("r.date", ">=", range.from)
    .where("r.date", "<=", range.to)
    .groupBy(["r.ad_account_id", "r.currency"])
    .select(["r.ad_account_id", "r.currency", ...summedColumns]);
  const rows = await db
    .selectFrom(perAccount.as("r"))
    .innerJoin("ad_accounts as a", "a.id", "r.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .where(isVisibleAccount)
    .select(["n.platform", "r.currency", ...summedColumns])
    .groupBy(["n.platform", "r.currency"])
    .orderBy("n.platform")
    .orderBy("r.currency")
    .execute();
  return rows.map((row) => ({ platform: row.platform as AdPlatformId, currency: row.currency, ...toSums(row) }));
}

export async function listPlatformDays(
  db: Db,
  organizationId: string,
  range: DateRange,
): Promise<PlatformDailyPoint[]> {
  const rows = await managedAccountDays(db, organizationId, range)
    .select([
      "r.date",
      "n.platform",
      "r.currency",
      sql<number>`cast(sum(r.spend_minor) as bigint)`.as("spend_minor"),
      sql<number>`cast(sum(r.conversion_value_minor) as bigint)`.as("conversion_value_minor"),
    ])
    .groupBy(["r.date", "n.platform", "r.currency"])
    .orderBy("r.date")
    .orderBy("n.platform")
    .orderBy("r.currency")
    .execute();
  return rows.map((row) => ({
    date: row.date,
    platform: row.platform as AdPlatformId,
    currency: row.currency,
    spendMinor: Number(row.spend_minor),
    revenueMinor: Number(row.conversion_value_minor),
  }));
}

export async function sumStoreRevenue(
  db: Db,
  organizationId: string,
  range: DateRange,
  options: { byCampaignTag?: boolean } = {},
): Promise<StoreRevenueBySource[]> {
  if (options.byCampaignTag) return sumStoreRevenueByCampaignTag(db, organizationId, range);
  const rows = await db
    .selectFrom("store_order_daily_revenue as r")
    .innerJoin("connections as n", "n.id", "r.connection_id")
    .where("r.organization_id", "=", organizationId)
    .where("n.status", "!=", "disconnected")
    .where("r.date", ">=", range.from)
    .where("r.date", "<=", range.to)
    .groupBy(["r.currency", "r.utm_source"])
    .select([
      "r.currency",
      "r.utm_source",
      sql<number>`cast(sum(r.revenue_minor) as bigint)`.as("revenue"),
      sql<number>`cast(sum(r.orders) as bigint)`.as("orders"),
    ])
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    utmSource: row.utm_source === "" ? null : row.utm_source,
    utmCampaign: null,
    revenueMinor: Number(row.revenue),
    orders: Number(row.orders),
  }));
}

/** The same from the orders themselves (the rollup has no utm_campaign), on the same UTC days. */
async function sumStoreRevenueByCampaignTag(
  db: Db,
  organizationId: string,
  range: DateRange,
): Promise<StoreRevenueBySource[]> {
  const rows = await db
    .selectFrom("store_orders as o")
    .innerJoin("connections as n", "n.id", "o.connection_id")
    .where("o.organization_id", "=", organizationId)
    .where("n.status", "!=", "disconnected")
    // Order times are ISO 8601 UTC, so they sort as text.
    .where("o.ordered_at", ">=", range.from)
    .where("o.ordered_at", "<", addDays(range.to, 1))
    .groupBy(["o.currency", "o.utm_source", "o.utm_campaign"])
    .select([
      "o.currency",
      "o.utm_source",
      "o.utm_campaign",
      sql<number>`cast(sum(o.total_minor - o.refunded_minor) as bigint)`.as("revenue"),
      sql<number>`cast(count(*) as bigint)`.as("orders"),
    ])
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    utmSource: row.utm_source === "" ? null : row.utm_source,
    utmCampaign: row.utm_campaign,
    revenueMinor: Number(row.revenue),
    orders: Number(row.orders),
  }));
}

/** What the organization has connected; see `AnalyticsRepository.findConnectedKinds`. */
export interface ConnectedKinds {
  hasAdPlatform: boolean;
  hasStore: boolean;
  storeCurrencies: string[];
  /** The platforms and currencies of its visible ad accounts: who may claim store revenue. */
  claimingAccounts: ClaimingAccount[];
}

export async function findConnectedKinds(db: Db, organizationId: string): Promise<ConnectedKinds> {
  const [connections, claimingAccounts] = await Promise.all([
    db
      .selectFrom("connections")
      .select(["platform", "platform_context"])
      .where("organization_id", "=", organizationId)
      .where("status", "!=", "disconnected")
      .execute(),
    findClaimingAccounts(db, organizationId),
  ]);
  const storeCurrencies = new Set<string>();
  for (const connection of connections) {
    if (!isStorePlatform(connection.platform)) continue;
    const context = connection.platform_context
      ? (JSON.parse(connection.platform_context) as Record<string, unknown>)
      : {};
    if (typeof context.storeCurrency === "string") storeCurrencies.add(context.storeCurrency);
  }
  return {
    hasAdPlatform: connections.some((connection) => isAdPlatform(connection.platform)),
    hasStore: connections.some((connection) => isStorePlatform(connection.platform)),
    storeCurrencies: [...storeCurrencies].sort(),
    claimingAccounts,
  };
}

/** The distinct platforms and currencies of the organization's visible ad accounts. */
export async function findClaimingAccounts(db: Db, organizationId: string): Promise<ClaimingAccount[]> {
  const rows = await visibleAccounts(db, organizationId)
    .select(["n.platform", "a.currency"])
    .distinct()
    .orderBy("n.platform")
    .orderBy("a.currency")
    .execute();
  return rows.flatMap((row) =>
    isAdPlatform(row.platform) ? [{ platform: row.platform, currency: row.currency }] : [],
  );
}

/** Per-account daily sums of the managed ad accounts over a range. */
function managedAccountDays(db: Db, organizationId: string, range: DateRange) {
  return db
    .selectFrom("ad_account_daily_metrics as r")
    .innerJoin("ad_accounts as a", "a.id", "r.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .where("r.organization_id", "=", organizationId)
    .where("r.date", ">=", range.from)
    .where("r.date", "<=", range.to)
    .where(isVisibleAccount);
}
