/**
 * The rollups that keep the analytics fast at 10,000 campaigns × 1,000 days, and keeping them fresh.
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
import { sql } from "kysely";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import {
  chunk,
  type Db,
  earlier,
  IDS_PER_STATEMENT,
  isPostgres,
  later,
  METRIC_COLUMNS,
  type MetricColumn,
} from "./analytics-sql.ts";
import { countDays } from "./date-range.ts";

/** Days from `from` to `to` (0 when equal, negative when `to` is earlier). */
const daysBetween = (from: CalendarDate, to: CalendarDate) => countDays({ from, to }) - 1;

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

/** Recomputes an organization's rollups in a transaction of its own (after writes that bypassed the sync repository). */
export async function rebuildRollups(db: Db, organizationId: string): Promise<void> {
  await db.transaction().execute((trx) => rebuildOrganizationRollups(trx, organizationId));
}
