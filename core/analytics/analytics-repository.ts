/**
 * The only SQL of the analytics, with the rollups that keep it fast at 10,000 campaigns × 1,000 days.
 *
 * How a range's sums are found (docs/decisions/004-analytics-rollups.md explains the choice):
 * - `campaign_metric_cumulative` holds, for every campaign and every day of the organization's
 *   bounds (`analytics_rollup_bounds`: the day before its first metric through its last), the running
 *   totals of the campaign's metrics plus a constant of the campaign's own. The sums over
 *   [from, to] are therefore the row on `to` minus the row on `from − 1`, whatever the length of the
 *   range. The table is ordered by (ad account, date, campaign), so the rows of one day for all the
 *   campaigns of an account are adjacent: sorting 10,000 campaigns by a range's spend reads short
 *   runs. Its rows belong to the organization through their ad account (every query reaches them
 *   from the organization's accounts or campaigns), and go with the account (campaigns are never
 *   deleted on their own).
 * - `ad_account_daily_metrics` holds the sums per ad account and day, for the dashboard's totals and
 *   trends (a few rows per day instead of one per campaign); `store_order_daily_revenue` does the
 *   same for store orders (per store, currency and UTM source).
 * - They are brought up to date in the same transaction as every upsert of metrics
 *   (`refreshMetricRollups`) and of orders (`refreshStoreRollups`), both called by the sync
 *   repository, and follow deletions through their foreign keys (a deleted connection takes its
 *   campaigns, ad accounts, orders and their rollups with it).
 *
 * Keeping the running totals fresh must not cost a rewrite of every later day: a sync re-fetches the
 * last week (late conversions) and a backfill arrives newest chunk first. The constant per campaign
 * makes both cheap: rows after a changed window are shifted (forward), or rows before it are
 * recomputed from the first unchanged row (backward), whichever touches fewer days.
 */
import {
  type Expression,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { type AdPlatformId, isAdPlatform, isStorePlatform } from "../../connectors/connector.ts";
import { toIsoTimestamp } from "../campaigns/iso-timestamp.ts";
import { addDays, type CalendarDate } from "../dates/calendar-date.ts";
import type { Database } from "../db/schema.ts";
import type {
  CampaignFilters,
  CampaignSortKey,
  CampaignSummary,
  CampaignTableQuery,
  DailyMetricExportRow,
  DailyPoint,
  DateRange,
  MetricSums,
  PlatformDailyPoint,
} from "./analytics-types.ts";
import { countDays } from "./date-range.ts";
import { roundConversions } from "./kpis.ts";

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

/**
 * The only SQL of the analytics. Every method is scoped by the organization, and only managed
 * campaigns count (their ad account is managed and their connection is not disconnected).
 */
export interface AnalyticsRepository {
  /** One page of the managed campaigns matching the filters, sorted (metric keys over `query.range`). */
  listCampaignPage(query: CampaignTableQuery): Promise<{ campaigns: CampaignSummary[]; total: number }>;
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
  /** Paid orders minus refunds of connected stores by order date (UTC) in the range, per currency and UTM source. */
  sumStoreRevenue(organizationId: string, range: DateRange): Promise<StoreRevenueBySource[]>;
  /** What the organization has connected (not disconnected): an ad platform, stores and their currencies. */
  findConnectedKinds(
    organizationId: string,
  ): Promise<{ hasAdPlatform: boolean; hasStore: boolean; storeCurrencies: string[] }>;
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

type Db = Kysely<Database>;

const METRIC_COLUMNS = ["impressions", "clicks", "spend_minor", "conversions", "conversion_value_minor"] as const;
type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Ids per IN list: far below SQLite's 32,766 bound values and PostgreSQL's 65,535. */
const IDS_PER_STATEMENT = 500;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Days from `from` to `to` (0 when equal, negative when `to` is earlier). */
const daysBetween = (from: CalendarDate, to: CalendarDate) => countDays({ from, to }) - 1;
const earlier = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
const later = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

const toSums = (row: Partial<Record<MetricColumn, number | string | null>> | undefined): MetricSums => ({
  impressions: Number(row?.impressions ?? 0),
  clicks: Number(row?.clicks ?? 0),
  spendMinor: Number(row?.spend_minor ?? 0),
  conversions: roundConversions(Number(row?.conversions ?? 0)),
  revenueMinor: Number(row?.conversion_value_minor ?? 0),
});

// ---------------------------------------------------------------------------------------------
// Keeping the rollups fresh
// ---------------------------------------------------------------------------------------------

interface RollupBounds {
  base: CalendarDate;
  last: CalendarDate;
}

const calendarCoverage = new WeakMap<object, { from: CalendarDate; to: CalendarDate }>();

/** Adds the days the calendar lacks between `from` and `to` (only ever outside 2000–2099). */
async function ensureCalendar(db: Db, from: CalendarDate, to: CalendarDate): Promise<void> {
  const key = db.getExecutor().adapter;
  let coverage = calendarCoverage.get(key);
  if (!coverage || from < coverage.from || to > coverage.to) {
    const row = await db
      .selectFrom("analytics_calendar")
      .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
      .executeTakeFirst();
    coverage = { from: row?.first ?? "9999-12-31", to: row?.last ?? "0000-01-01" };
    const missing: Array<{ date: string }> = [];
    for (let day = from; day <= to; day = addDays(day, 1))
      if (day < coverage.from || day > coverage.to) missing.push({ date: day });
    for (const rows of chunk(missing, 5_000))
      await db
        .insertInto("analytics_calendar")
        .values(rows)
        .onConflict((conflict) => conflict.column("date").doNothing())
        .execute();
    coverage = { from: earlier(coverage.from, from), to: later(coverage.to, to) };
    calendarCoverage.set(key, coverage);
  }
}

/** The organization's bounds, locked until the transaction ends (PostgreSQL; SQLite has one writer). */
async function lockBounds(db: Db, organizationId: string): Promise<RollupBounds | null> {
  await db
    .insertInto("analytics_rollup_bounds")
    .values({ organization_id: organizationId, base_date: null, last_date: null })
    .onConflict((conflict) => conflict.column("organization_id").doNothing())
    .execute();
  let query = db
    .selectFrom("analytics_rollup_bounds")
    .select(["base_date", "last_date"])
    .where("organization_id", "=", organizationId);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return row.base_date && row.last_date ? { base: row.base_date, last: row.last_date } : null;
}

const upsertCumulative = sql`on conflict (ad_account_id, date, campaign_id) do update set ${sql.join(
  METRIC_COLUMNS.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`),
)}`;
const cumulativeColumns = sql`(ad_account_id, date, campaign_id, ${sql.join(METRIC_COLUMNS.map((column) => sql.ref(column)))})`;
const runningSum = (column: MetricColumn) => sql`sum(coalesce(m.${sql.ref(column)}, 0)) over running`;
const idList = (ids: readonly string[]) => sql`(${sql.join(ids)})`;

/*
 * The statements below name their campaigns by id (at most IDS_PER_STATEMENT at a time) rather than
 * joining `campaigns` by account: PostgreSQL's estimates for freshly written tables are often "one
 * row", and a join planned on that can compare every campaign with every other. With ids, every
 * step is an index lookup whatever the statistics say.
 */

/** Writes the running totals of `campaignIds` (of `accountId`) for [from, to], starting from zero. */
async function buildCumulative(
  db: Db,
  organizationId: string,
  accountId: string,
  campaignIds: readonly string[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  // Inserted in the table's own order (day, then campaign): a long build appends instead of scattering.
  await sql`
    insert into campaign_metric_cumulative ${cumulativeColumns}
    select * from (
      select c.ad_account_id, cal.date, c.id, ${sql.join(METRIC_COLUMNS.map(runningSum))}
      from campaigns c
      join analytics_calendar cal on cal.date >= ${from} and cal.date <= ${to}
      left join campaign_daily_metrics m on m.campaign_id = c.id and m.date = cal.date
      where c.organization_id = ${organizationId} and c.ad_account_id = ${accountId} and c.id in ${idList(campaignIds)}
      window running as (partition by c.id order by cal.date rows unbounded preceding)
    ) built
    where true
    order by 2, 3
    ${upsertCumulative}`.execute(db);
}

/** Rewrites (anchor, to] of `campaignIds` (of `accountId`) from their row on `anchor`, which is kept. */
async function shiftForward(
  db: Db,
  accountId: string,
  campaignIds: readonly string[],
  anchor: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  await sql`
    insert into campaign_metric_cumulative ${cumulativeColumns}
    select p.ad_account_id, cal.date, p.campaign_id,
      ${sql.join(METRIC_COLUMNS.map((column) => sql`p.${sql.ref(column)} + ${runningSum(column)}`))}
    from campaign_metric_cumulative p
    join analytics_calendar cal on cal.date > ${anchor} and cal.date <= ${to}
    left join campaign_daily_metrics m on m.campaign_id = p.campaign_id and m.date = cal.date
    where p.ad_account_id = ${accountId} and p.date = ${anchor} and p.campaign_id in ${idList(campaignIds)}
    window running as (partition by p.campaign_id order by cal.date rows unbounded preceding)
    ${upsertCumulative}`.execute(db);
}

/**
 * Rewrites [from, anchor) of `campaignIds` (of `accountId`) backwards from their row on `anchor`,
 * which is kept: a day's total is the anchor's minus the metrics of the days after it, up to the anchor.
 */
async function shiftBackward(
  db: Db,
  accountId: string,
  campaignIds: readonly string[],
  from: CalendarDate,
  anchor: CalendarDate,
): Promise<void> {
  const windows = METRIC_COLUMNS.flatMap((column) => [
    sql`p.${sql.ref(column)} as ${sql.ref(`anchor_${column}`)}`,
    sql`sum(coalesce(m.${sql.ref(column)}, 0)) over later as ${sql.ref(`later_${column}`)}`,
  ]);
  await sql`
    insert into campaign_metric_cumulative ${cumulativeColumns}
    select x.ad_account_id, x.date, x.campaign_id, ${sql.join(
      METRIC_COLUMNS.map((column) => sql`x.${sql.ref(`anchor_${column}`)} - x.${sql.ref(`later_${column}`)}`),
    )}
    from (
      select p.ad_account_id, cal.date, p.campaign_id, ${sql.join(windows)}
      from campaign_metric_cumulative p
      join analytics_calendar cal on cal.date >= ${from} and cal.date <= ${anchor}
      left join campaign_daily_metrics m on m.campaign_id = p.campaign_id and m.date = cal.date
      where p.ad_account_id = ${accountId} and p.date = ${anchor} and p.campaign_id in ${idList(campaignIds)}
      window later as (partition by p.campaign_id order by cal.date desc rows between unbounded preceding and 1 preceding)
    ) x
    where x.date < ${anchor}
    ${upsertCumulative}`.execute(db);
}

/** Copies the row on `source` of every campaign of `accountIds` onto the days [from, to]. */
async function carryOver(
  db: Db,
  accountIds: readonly string[],
  source: CalendarDate,
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  for (const accounts of chunk(accountIds, IDS_PER_STATEMENT))
    await sql`
      insert into campaign_metric_cumulative ${cumulativeColumns}
      select p.ad_account_id, cal.date, p.campaign_id, ${sql.join(METRIC_COLUMNS.map((column) => sql`p.${sql.ref(column)}`))}
      from campaign_metric_cumulative p
      join analytics_calendar cal on cal.date >= ${from} and cal.date <= ${to}
      where p.ad_account_id in ${idList(accounts)} and p.date = ${source}
      ${upsertCumulative}`.execute(db);
}

/** Recomputes the daily sums of `accountId` on [from, to] from its campaigns' metrics. */
async function rebuildAccountDays(
  db: Db,
  organizationId: string,
  accountId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  await db
    .deleteFrom("ad_account_daily_metrics")
    .where("organization_id", "=", organizationId)
    .where("ad_account_id", "=", accountId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .execute();
  await sql`
    insert into ad_account_daily_metrics (organization_id, date, ad_account_id, currency, ${sql.join(METRIC_COLUMNS.map((column) => sql.ref(column)))})
    select c.organization_id, m.date, c.ad_account_id, m.currency,
      ${sql.join(METRIC_COLUMNS.map((column) => sql`sum(m.${sql.ref(column)})`))}
    from campaigns c
    join campaign_daily_metrics m on m.campaign_id = c.id and m.date >= ${from} and m.date <= ${to}
    where c.organization_id = ${organizationId} and c.ad_account_id = ${accountId}
    group by c.organization_id, m.date, c.ad_account_id, m.currency`.execute(db);
}

async function accountsOf(db: Db, organizationId: string, campaignIds: readonly string[]): Promise<string[]> {
  const accounts = new Set<string>();
  for (const ids of chunk(campaignIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom("campaigns")
      .select("ad_account_id")
      .distinct()
      .where("organization_id", "=", organizationId)
      .where("id", "in", ids)
      .execute();
    for (const row of rows) accounts.add(row.ad_account_id);
  }
  return [...accounts].sort();
}

async function campaignsOf(db: Db, organizationId: string, accountIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom("campaigns")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("ad_account_id", "in", accountIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Those of `campaignIds` (of `accountId`) that have a cumulative row on `date`. */
async function campaignsWithRowOn(
  db: Db,
  accountId: string,
  date: CalendarDate,
  campaignIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const ids of chunk(campaignIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom("campaign_metric_cumulative")
      .select("campaign_id")
      .where("ad_account_id", "=", accountId)
      .where("date", "=", date)
      .where("campaign_id", "in", ids)
      .execute();
    for (const row of rows) found.add(row.campaign_id);
  }
  return found;
}

/** Every ad account of the organization, managed or not (the rollups cover them all). */
async function accountsOfOrganization(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("ad_accounts")
    .select("id")
    .where("organization_id", "=", organizationId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Brings the rollups in line with metric rows that were just written (call it in the same
 * transaction). Every campaign of the ad accounts those rows belong to is recomputed over the
 * cheapest window that keeps its running totals right; the organization's other campaigns only get
 * rows for days the bounds gained.
 */
export async function refreshMetricRollups(
  db: Db,
  organizationId: string,
  rows: ReadonlyArray<{ campaignId: string; date: CalendarDate }>,
): Promise<void> {
  if (rows.length === 0) return;
  let from = rows[0]?.date as CalendarDate;
  let to = from;
  for (const { date } of rows) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  const accountIds = await accountsOf(db, organizationId, [...new Set(rows.map((row) => row.campaignId))]);
  if (accountIds.length === 0) return;
  await ensureCalendar(db, addDays(from, -1), to);
  const bounds = await lockBounds(db, organizationId);
  const base = bounds ? earlier(bounds.base, addDays(from, -1)) : addDays(from, -1);
  const last = bounds ? later(bounds.last, to) : to;
  if (bounds) {
    // Every other campaign keeps its totals on the days the bounds gained.
    const stepAccounts = new Set(accountIds);
    const otherAccounts = (await accountsOfOrganization(db, organizationId)).filter((id) => !stepAccounts.has(id));
    if (last > bounds.last) await carryOver(db, otherAccounts, bounds.last, addDays(bounds.last, 1), last);
    if (base < bounds.base) await carryOver(db, otherAccounts, bounds.base, base, addDays(bounds.base, -1));
  }
  // Forward keeps every row before the window; backward keeps every row after it.
  const canGoForward = bounds !== null && addDays(from, -1) >= bounds.base;
  const canGoBackward = bounds !== null && addDays(to, 1) <= bounds.last;
  const forwardAnchor = bounds ? earlier(addDays(from, -1), bounds.last) : base;
  const backwardAnchor = bounds ? later(addDays(to, 1), bounds.base) : last;
  const isForward =
    canGoForward && (!canGoBackward || daysBetween(forwardAnchor, last) <= daysBetween(base, backwardAnchor));
  for (const accountId of accountIds) {
    const campaignIds = await campaignsOf(db, organizationId, [accountId]);
    // Campaigns that have rollups have a row on every day of the bounds; the others start from zero.
    const existing = bounds ? await campaignsWithRowOn(db, accountId, bounds.last, campaignIds) : new Set<string>();
    for (const ids of chunk([...existing], IDS_PER_STATEMENT)) {
      if (isForward) await shiftForward(db, accountId, ids, forwardAnchor, last);
      else if (canGoBackward) await shiftBackward(db, accountId, ids, base, backwardAnchor);
      // The window covers every day they had: their totals start again from zero.
      else await buildCumulative(db, organizationId, accountId, ids, base, last);
    }
    const fresh = campaignIds.filter((id) => !existing.has(id));
    for (const ids of chunk(fresh, IDS_PER_STATEMENT))
      await buildCumulative(db, organizationId, accountId, ids, base, last);
  }
  for (const accountId of accountIds) await rebuildAccountDays(db, organizationId, accountId, from, to);
  await db
    .updateTable("analytics_rollup_bounds")
    .set({ base_date: base, last_date: last })
    .where("organization_id", "=", organizationId)
    .execute();
}

/**
 * Recomputes a store's daily revenue on the UTC days [from, to] from its orders (call it in the
 * same transaction as the orders' upsert).
 */
export async function refreshStoreRollups(
  db: Db,
  organizationId: string,
  connectionId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  await db
    .deleteFrom("store_order_daily_revenue")
    .where("organization_id", "=", organizationId)
    .where("connection_id", "=", connectionId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .execute();
  // Order times are ISO 8601 UTC: their first ten characters are the day, and they sort as text.
  await sql`
    insert into store_order_daily_revenue (organization_id, date, connection_id, currency, utm_source, revenue_minor, orders)
    select o.organization_id, substr(o.ordered_at, 1, 10), o.connection_id, o.currency, coalesce(o.utm_source, ''),
      sum(o.total_minor - o.refunded_minor), count(*)
    from store_orders o
    where o.organization_id = ${organizationId} and o.connection_id = ${connectionId}
      and o.ordered_at >= ${from} and o.ordered_at < ${addDays(to, 1)}
    group by o.organization_id, substr(o.ordered_at, 1, 10), o.connection_id, o.currency, coalesce(o.utm_source, '')`.execute(
    db,
  );
}

/** Recomputes all of an organization's rollups from its metrics and orders (call it in a transaction). */
export async function rebuildOrganizationRollups(db: Db, organizationId: string): Promise<void> {
  const accounts = await accountsOfOrganization(db, organizationId);
  for (const ids of chunk(accounts, IDS_PER_STATEMENT))
    await db.deleteFrom("campaign_metric_cumulative").where("ad_account_id", "in", ids).execute();
  await db.deleteFrom("ad_account_daily_metrics").where("organization_id", "=", organizationId).execute();
  await db.deleteFrom("analytics_rollup_bounds").where("organization_id", "=", organizationId).execute();
  const stores = await db
    .selectFrom("store_orders")
    .select("connection_id")
    .select((eb) => [eb.fn.min("ordered_at").as("first"), eb.fn.max("ordered_at").as("last")])
    .where("organization_id", "=", organizationId)
    .groupBy("connection_id")
    .execute();
  for (const store of stores)
    await refreshStoreRollups(
      db,
      organizationId,
      store.connection_id,
      store.first.slice(0, 10),
      store.last.slice(0, 10),
    );
  const span = await db
    .selectFrom("campaign_daily_metrics")
    .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!span?.first || !span.last) return;
  const base = addDays(span.first, -1);
  await ensureCalendar(db, base, span.last);
  for (const accountId of accounts) {
    // A few hundred campaigns at a time keeps each statement's sort to a size that fits in memory.
    for (const ids of chunk(await campaignsOf(db, organizationId, [accountId]), IDS_PER_STATEMENT))
      await buildCumulative(db, organizationId, accountId, ids, base, span.last);
    await rebuildAccountDays(db, organizationId, accountId, span.first, span.last);
  }
  await db
    .insertInto("analytics_rollup_bounds")
    .values({ organization_id: organizationId, base_date: base, last_date: span.last })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** Like `containsPattern` in the campaign repository: the text anywhere, its % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createAnalyticsRepository(db: Db): AnalyticsRepository {
  /** The two cumulative rows whose difference is the range's sums; null when the range has no data. */
  const lookupDates = async (organizationId: string, range: DateRange) => {
    const bounds = await db
      .selectFrom("analytics_rollup_bounds")
      .select(["base_date", "last_date"])
      .where("organization_id", "=", organizationId)
      .executeTakeFirst();
    if (!bounds?.base_date || !bounds.last_date) return null;
    const end = earlier(range.to, bounds.last_date);
    const start = later(addDays(range.from, -1), bounds.base_date);
    return end > start ? { start, end } : null;
  };

  /**
   * The managed ad accounts (behind a connection that is not disconnected) matching the filters.
   * Read first and passed on as a list: PostgreSQL then estimates the campaigns from their own
   * statistics (a join with these small, rarely analysed tables misleads it into one index probe per
   * campaign instead of one scan of the day's rows).
   */
  const findManagedAccountIds = async (organizationId: string, filters: CampaignFilters): Promise<string[]> => {
    let query = db
      .selectFrom("ad_accounts as a")
      .innerJoin("connections as n", "n.id", "a.connection_id")
      .select("a.id")
      .where("a.organization_id", "=", organizationId)
      .where("a.is_managed", "=", true)
      .where("n.status", "!=", "disconnected");
    if (filters.platforms) {
      if (filters.platforms.length === 0) return [];
      query = query.where("n.platform", "in", filters.platforms);
    }
    if (filters.adAccountIds) {
      if (filters.adAccountIds.length === 0) return [];
      query = query.where("a.id", "in", filters.adAccountIds);
    }
    return (await query.orderBy("a.id").execute()).map((row) => row.id);
  };

  /** The organization's campaigns in these accounts matching the filters (removed ones only when asked for). */
  const filteredCampaigns = (organizationId: string, accountIds: readonly string[], filters: CampaignFilters) => {
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
  };

  const summaryColumns = [
    "c.id",
    "n.platform",
    "c.ad_account_id",
    "a.name as account_name",
    "c.external_id",
    "c.name",
    "c.status",
    "c.daily_budget_minor",
    "c.currency",
    "c.created_at",
  ] as const;
  const findSummaries = async (organizationId: string, ids: readonly string[]): Promise<CampaignSummary[]> => {
    const found = new Map<string, CampaignSummary>();
    for (const part of chunk(ids, IDS_PER_STATEMENT)) {
      const rows = await db
        .selectFrom("campaigns as c")
        .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .select(summaryColumns)
        .where("c.organization_id", "=", organizationId)
        .where("c.id", "in", part)
        .where("a.is_managed", "=", true)
        .where("n.status", "!=", "disconnected")
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
  };

  /** A range's sum of one column: the cumulative row on its end minus the one before its start. */
  const difference = (column: MetricColumn) =>
    sql<number>`(coalesce(t.${sql.ref(column)}, 0) - coalesce(f.${sql.ref(column)}, 0))`;
  const ratio = (numerator: MetricColumn, denominator: MetricColumn) =>
    sql<number | null>`(cast(${difference(numerator)} as double precision) / nullif(${difference(denominator)}, 0))`;
  const metricSortExpression = (key: CampaignSortKey): RawBuilder<number | null> | null => {
    switch (key) {
      case "spend":
        return difference("spend_minor");
      case "impressions":
        return difference("impressions");
      case "clicks":
        return difference("clicks");
      case "conversions":
        return difference("conversions");
      case "revenue":
        return difference("conversion_value_minor");
      case "ctr":
        return ratio("clicks", "impressions");
      case "cpc":
        return ratio("spend_minor", "clicks");
      case "cpa":
        return ratio("spend_minor", "conversions");
      case "roas":
        return ratio("conversion_value_minor", "spend_minor");
      default:
        return null;
    }
  };
  const RATIO_KEYS: ReadonlySet<CampaignSortKey> = new Set(["ctr", "cpc", "cpa", "roas"]);

  return {
    async listCampaignPage(query) {
      const { organizationId, filters, sort } = query;
      const [dates, accountIds] = await Promise.all([
        lookupDates(organizationId, query.range),
        findManagedAccountIds(organizationId, filters),
      ]);
      if (accountIds.length === 0) return { campaigns: [], total: 0 };
      const metric = metricSortExpression(sort.key);
      let page = filteredCampaigns(organizationId, accountIds, filters).select("c.id");
      // Null when every campaign has the same value: the tie-breakers alone order them.
      let sortBy: Expression<unknown> | null;
      let hasNulls = false;
      if (metric) {
        if (dates) page = joinRangeSums(page, accountIds, dates) as unknown as typeof page;
        // Without data in the range every sum is zero and every ratio has no value.
        sortBy = dates ? metric : null;
        hasNulls = RATIO_KEYS.has(sort.key);
      } else if (sort.key === "platform" || sort.key === "account") {
        page = page
          .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
          .innerJoin("connections as n", "n.id", "a.connection_id") as unknown as typeof page;
        sortBy = sort.key === "platform" ? sql`n.platform` : sql`lower(a.name)`;
      } else if (sort.key === "dailyBudget") {
        sortBy = sql`c.daily_budget_minor`;
        hasNulls = true;
      } else {
        sortBy = sort.key === "status" ? sql`c.status` : sql`lower(c.name)`;
      }
      if (sortBy) {
        // Values that do not exist (a ratio over zero, no budget) come last whichever the direction.
        if (hasNulls) page = page.orderBy(sql`case when ${sortBy} is null then 1 else 0 end`);
        page = page.orderBy(sortBy, sort.direction);
      }
      const ordered = page
        .orderBy(sql`lower(c.name)`)
        .orderBy("c.id")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [rows, count] = await Promise.all([
        ordered.execute(),
        filteredCampaigns(organizationId, accountIds, filters)
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        campaigns: await findSummaries(
          organizationId,
          rows.map((row) => row.id),
        ),
        total: Number(count.count),
      };
    },

    async findCampaign(organizationId, campaignId) {
      const [campaign] = await findSummaries(organizationId, [campaignId]);
      return campaign ?? null;
    },

    async sumByCampaign(organizationId, campaignIds, range) {
      const sums = new Map<string, MetricSums>();
      const dates = await lookupDates(organizationId, range);
      if (!dates || campaignIds.length === 0) return sums;
      for (const ids of chunk(campaignIds, IDS_PER_STATEMENT)) {
        const rows = await db
          .selectFrom("campaigns as c")
          .innerJoin("campaign_metric_cumulative as r", (join) =>
            join
              .onRef("r.ad_account_id", "=", "c.ad_account_id")
              .onRef("r.campaign_id", "=", "c.id")
              .on("r.date", "in", [dates.start, dates.end]),
          )
          .select(["r.campaign_id", "r.date", ...METRIC_COLUMNS.map((column) => `r.${column}` as const)])
          .where("c.organization_id", "=", organizationId)
          .where("c.id", "in", ids)
          .execute();
        const starts = new Map(rows.filter((row) => row.date === dates.start).map((row) => [row.campaign_id, row]));
        for (const end of rows) {
          if (end.date !== dates.end) continue;
          const start = starts.get(end.campaign_id);
          sums.set(
            end.campaign_id,
            toSums(
              Object.fromEntries(
                METRIC_COLUMNS.map((column) => [column, Number(end[column]) - Number(start?.[column] ?? 0)]),
              ),
            ),
          );
        }
      }
      return sums;
    },

    async listCampaignDays(organizationId, campaignId, range) {
      const rows = await db
        .selectFrom("campaign_daily_metrics")
        .select(["date", ...METRIC_COLUMNS])
        .where("organization_id", "=", organizationId)
        .where("campaign_id", "=", campaignId)
        .where("date", ">=", range.from)
        .where("date", "<=", range.to)
        .orderBy("date")
        .execute();
      return rows.map((row) => ({ date: row.date, ...toSums(row) }));
    },

    async rankCampaignsByRoas(organizationId, range, limit) {
      const [dates, accountIds] = await Promise.all([
        lookupDates(organizationId, range),
        findManagedAccountIds(organizationId, {}),
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
        organizationId,
        [...best, ...worst].map((row) => row.id),
      );
      const byId = new Map(summaries.map((summary) => [summary.id, summary]));
      return {
        best: best.flatMap((row) => byId.get(row.id) ?? []),
        worst: worst.flatMap((row) => byId.get(row.id) ?? []),
      };
    },

    async sumByPlatform(organizationId, range) {
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
        .where("a.is_managed", "=", true)
        .where("n.status", "!=", "disconnected")
        .select(["n.platform", "r.currency", ...summedColumns])
        .groupBy(["n.platform", "r.currency"])
        .orderBy("n.platform")
        .orderBy("r.currency")
        .execute();
      return rows.map((row) => ({ platform: row.platform as AdPlatformId, currency: row.currency, ...toSums(row) }));
    },

    async listPlatformDays(organizationId, range) {
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
    },

    async sumStoreRevenue(organizationId, range) {
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
        revenueMinor: Number(row.revenue),
        orders: Number(row.orders),
      }));
    },

    async findConnectedKinds(organizationId) {
      const connections = await db
        .selectFrom("connections")
        .select(["platform", "platform_context"])
        .where("organization_id", "=", organizationId)
        .where("status", "!=", "disconnected")
        .execute();
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
      };
    },

    async *iterateDailyMetricRows(organizationId, range, filters, batchSize) {
      const accountIds = await findManagedAccountIds(organizationId, filters);
      if (accountIds.length === 0) return;
      const campaigns = await filteredCampaigns(organizationId, accountIds, filters)
        .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
        .innerJoin("connections as n", "n.id", "a.connection_id")
        .select(["c.id", "c.name", "n.platform", "a.name as account_name", "c.currency"])
        .orderBy("n.platform")
        .orderBy(sql`lower(a.name)`)
        .orderBy(sql`lower(c.name)`)
        .orderBy("c.id")
        .execute();
      // Each query reads about one batch: as many campaigns as a batch holds whole ranges of.
      const perQuery = Math.max(1, Math.floor(batchSize / countDays(range)));
      let batch: DailyMetricExportRow[] = [];
      for (const group of chunk(campaigns, perQuery)) {
        const rows = await db
          .selectFrom("campaign_daily_metrics")
          .select(["campaign_id", "date", "currency", ...METRIC_COLUMNS])
          .where("organization_id", "=", organizationId)
          .where(
            "campaign_id",
            "in",
            group.map((campaign) => campaign.id),
          )
          .where("date", ">=", range.from)
          .where("date", "<=", range.to)
          .orderBy("campaign_id")
          .orderBy("date")
          .execute();
        const daysOf = Map.groupBy(rows, (row) => row.campaign_id);
        for (const campaign of group)
          for (const row of daysOf.get(campaign.id) ?? []) {
            batch.push({
              date: row.date,
              campaignId: campaign.id,
              campaignName: campaign.name,
              platform: campaign.platform as AdPlatformId,
              adAccountName: campaign.account_name,
              currency: row.currency,
              ...toSums(row),
            });
            if (batch.length >= batchSize) {
              yield batch;
              batch = [];
            }
          }
      }
      if (batch.length > 0) yield batch;
    },

    async rebuildRollups(organizationId) {
      await db.transaction().execute((trx) => rebuildOrganizationRollups(trx, organizationId));
    },
  };
}

/**
 * Joins each campaign's cumulative rows on the range's last day (`t`) and on the day before its
 * first (`f`). Left joins: a campaign without rollups yet still appears, with zero sums; and they
 * keep SQLite walking the campaigns in id order, so both lookups read adjacent rows.
 */
function joinRangeSums<O>(
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

const summedColumns = [
  sql<number>`cast(sum(r.impressions) as bigint)`.as("impressions"),
  sql<number>`cast(sum(r.clicks) as bigint)`.as("clicks"),
  sql<number>`cast(sum(r.spend_minor) as bigint)`.as("spend_minor"),
  sql<number>`sum(r.conversions)`.as("conversions"),
  sql<number>`cast(sum(r.conversion_value_minor) as bigint)`.as("conversion_value_minor"),
];

/** Per-account daily sums of the managed ad accounts over a range. */
function managedAccountDays(db: Db, organizationId: string, range: DateRange) {
  return db
    .selectFrom("ad_account_daily_metrics as r")
    .innerJoin("ad_accounts as a", "a.id", "r.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .where("r.organization_id", "=", organizationId)
    .where("r.date", ">=", range.from)
    .where("r.date", "<=", range.to)
    .where("a.is_managed", "=", true)
    .where("n.status", "!=", "disconnected");
}
