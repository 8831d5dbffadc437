/**
 * What every analytics question shares: the metric columns, the filters over the visible campaigns
 * (the rule itself is `core/campaigns/visible-campaigns.ts`; removed campaigns only when asked for),
 * the range lookups on the running totals and the campaign summaries.
 */
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { toIsoTimestamp } from "#core/campaigns/iso-timestamp.ts";
import { campaignSummaryColumns, visibleAccounts, visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import type { CampaignFilters, CampaignSummary, DateRange, MetricSums } from "./analytics-types.ts";
import { roundConversions } from "./kpis.ts";

export type Db = Kysely<Database>;

export const METRIC_COLUMNS = [
  "impressions",
  "clicks",
  "spend_minor",
  "conversions",
  "conversion_value_minor",
] as const;
export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Ids per IN list: far below SQLite's 32,766 bound values and PostgreSQL's 65,535. */
export const IDS_PER_STATEMENT = 500;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export const earlier = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
export const later = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

export const toSums = (row: Partial<Record<MetricColumn, number | string | null>> | undefined): MetricSums => ({
  impressions: Number(row?.impressions ?? 0),
  clicks: Number(row?.clicks ?? 0),
  spendMinor: Number(row?.spend_minor ?? 0),
  conversions: roundConversions(Number(row?.conversions ?? 0)),
  revenueMinor: Number(row?.conversion_value_minor ?? 0),
});

/** Sums of the joined `r` rows (per ad account and day, or per campaign). */
export const summedColumns = [
  sql<number>`cast(sum(r.impressions) as bigint)`.as("impressions"),
  sql<number>`cast(sum(r.clicks) as bigint)`.as("clicks"),
  sql<number>`cast(sum(r.spend_minor) as bigint)`.as("spend_minor"),
  sql<number>`sum(r.conversions)`.as("conversions"),
  sql<number>`cast(sum(r.conversion_value_minor) as bigint)`.as("conversion_value_minor"),
];

/** The two cumulative rows whose difference is the range's sums; null when the range has no data. */
export async function lookupDates(db: Db, organizationId: string, range: DateRange) {
  const bounds = await db
    .selectFrom("analytics_rollup_bounds")
    .select(["base_date", "last_date"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!bounds?.base_date || !bounds.last_date) return null;
  const end = earlier(range.to, bounds.last_date);
  const start = later(addDays(range.from, -1), bounds.base_date);
  return end > start ? { start, end } : null;
}

/**
 * The managed ad accounts (behind a connection that is not disconnected) matching the filters.
 * Read first and passed on as a list: PostgreSQL then estimates the campaigns from their own
 * statistics (a join with these small, rarely analysed tables misleads it into one index probe per
 * campaign instead of one scan of the day's rows).
 */
export async function findManagedAccountIds(
  db: Db,
  organizationId: string,
  filters: CampaignFilters,
): Promise<string[]> {
  let query = visibleAccounts(db, organizationId).select("a.id");
  if (filters.platforms) {
    if (filters.platforms.length === 0) return [];
    query = query.where("n.platform", "in", filters.platforms);
  }
  if (filters.adAccountIds) {
    if (filters.adAccountIds.length === 0) return [];
    query = query.where("a.id", "in", filters.adAccountIds);
  }
  return (await query.orderBy("a.id").execute()).map((row) => row.id);
}

/** The organization's campaigns in these accounts matching the filters (removed ones only when asked for). */
export function filteredCampaigns(
  db: Db,
  organizationId: string,
  accountIds: readonly string[],
  filters: CampaignFilters,
) {
  let query = db
    .selectFrom("campaigns as c")
    .where("c.organization_id", "=", organizationId)
    .where("c.ad_account_id", "in", accountIds);
  query =
    filters.statuses && filters.statuses.length > 0
      ? query.where("c.status", "in", filters.statuses)
      : query.where("c.status", "!=", "removed");
  const search = filters.search?.trim();
  if (search) query = query.where(sql<SqlBool>`lower(c.name) like ${containsPattern(search)} escape '\\'`);
  return query;
}

/** The visible campaigns among `ids`, in the order of `ids`. */
export async function findSummaries(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<CampaignSummary[]> {
  const found = new Map<string, CampaignSummary>();
  for (const part of chunk(ids, IDS_PER_STATEMENT)) {
    // A campaign removed on its platform still has its page.
    const rows = await visibleCampaigns(db, organizationId, { removed: "include" })
      .select(campaignSummaryColumns)
      .where("c.id", "in", part)
      .execute();
    for (const row of rows)
      found.set(row.id, {
        id: row.id,
        platform: row.platform as AdPlatformId,
        adAccountId: row.ad_account_id,
        adAccountName: row.account_name,
        externalId: row.external_id,
        name: row.name,
        status: row.status,
        dailyBudgetMinor: row.daily_budget_minor === null ? null : Number(row.daily_budget_minor),
        currency: row.currency,
        createdAt: toIsoTimestamp(row.created_at),
      });
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A range's sum of one column: the cumulative row on its end minus the one before its start. */
export const difference = (column: MetricColumn) =>
  sql<number>`(coalesce(t.${sql.ref(column)}, 0) - coalesce(f.${sql.ref(column)}, 0))`;
export const ratio = (numerator: MetricColumn, denominator: MetricColumn) =>
  sql<number | null>`(cast(${difference(numerator)} as double precision) / nullif(${difference(denominator)}, 0))`;

/**
 * Joins each campaign's cumulative rows on the range's last day (`t`) and on the day before its
 * first (`f`). Left joins: a campaign without rollups yet still appears, with zero sums; and they
 * keep SQLite walking the campaigns in id order, so both lookups read adjacent rows.
 */
export function joinRangeSums<O>(
  query: SelectQueryBuilder<Database & { c: Database["campaigns"] }, "c", O>,
  accountIds: readonly string[],
  dates: { start: CalendarDate; end: CalendarDate },
) {
  // The account list repeats what the campaign's own account says; it lets PostgreSQL read each day's
  // rows of those accounts as one index scan and hash them, instead of one probe per campaign.
  return query
    .leftJoin("campaign_metric_cumulative as t", (join) =>
      join
        .onRef("t.ad_account_id", "=", "c.ad_account_id")
        .on("t.ad_account_id", "in", accountIds)
        .on("t.date", "=", dates.end)
        .onRef("t.campaign_id", "=", "c.id"),
    )
    .leftJoin("campaign_metric_cumulative as f", (join) =>
      join
        .onRef("f.ad_account_id", "=", "c.ad_account_id")
        .on("f.ad_account_id", "in", accountIds)
        .on("f.date", "=", dates.start)
        .onRef("f.campaign_id", "=", "c.id"),
    );
}

/** Like `containsPattern` in the campaign repository: the text anywhere, its % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
