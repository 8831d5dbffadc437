import { type Kysely, PostgresAdapter, sql } from "kysely";

/** The calendar covers these years; the rollups add days outside them when metrics need them. */
const CALENDAR_FROM = "2000-01-01";
const CALENDAR_TO = "2099-12-31";

/**
 * Rollups that keep the analytics fast at 10,000 campaigns × 1,000 days (see
 * docs/decisions/004-analytics-rollups.md and core/analytics/analytics-rollups.ts):
 * - `campaign_metric_cumulative`: running totals per campaign and day, dense (one row for every
 *   day of the organization's bounds), stored in (ad account, date, campaign) order so that the
 *   rows of one day for an account's campaigns are adjacent: a range's sums are two adjacent reads.
 * - `ad_account_daily_metrics`: per ad account and day, for dashboard totals and trends.
 * - `analytics_rollup_bounds`: the days every campaign of an organization has a cumulative row for.
 * - `store_order_daily_revenue`: store revenue per day, store, currency and UTM source.
 * - `analytics_calendar`: one row per date, to build day series with a join on both databases.
 * Existing metrics are rolled up at the end, by this file's own copy of the rollup statements (as
 * `rebuildOrganizationRollups` wrote them when this migration was made): a migration that has run
 * must keep doing the same thing whatever later changes the application's code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("analytics_calendar")
    .ifNotExists()
    .addColumn("date", "varchar(10)", (column) => column.primaryKey())
    .execute();
  const days: Array<{ date: string }> = [];
  for (let day = new Date(`${CALENDAR_FROM}T00:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    days.push({ date });
    if (date === CALENDAR_TO) break;
  }
  for (let start = 0; start < days.length; start += 5_000)
    await (db as Kysely<CalendarTable>)
      .insertInto("analytics_calendar")
      .values(days.slice(start, start + 5_000))
      .onConflict((conflict) => conflict.column("date").doNothing())
      .execute();

  await db.schema
    .createTable("analytics_rollup_bounds")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    .addColumn("base_date", "varchar(10)")
    .addColumn("last_date", "varchar(10)")
    .execute();

  const metricColumns = (table: string) =>
    sql.raw(`
      impressions bigint not null,
      clicks bigint not null,
      spend_minor bigint not null,
      conversions double precision not null,
      conversion_value_minor bigint not null,
      constraint ${table}_pk primary key`);
  // PostgreSQL answers from the primary key alone (an index-only scan) when it carries the values;
  // SQLite stores a WITHOUT ROWID table in its primary key's order, which has the same effect.
  const coveringEnd = isPostgres
    ? sql.raw("include (impressions, clicks, spend_minor, conversions, conversion_value_minor))")
    : sql.raw(") without rowid");
  // Keyed by ad account first: an account's deletion (its connection's) removes its rows through the
  // primary key, with no second index to keep up on every write. Campaigns are never deleted alone.
  await sql`
    create table if not exists campaign_metric_cumulative (
      ad_account_id varchar(64) not null references ad_accounts (id) on delete cascade,
      date varchar(10) not null,
      campaign_id varchar(64) not null,
      ${metricColumns("campaign_metric_cumulative")} (ad_account_id, date, campaign_id)
    ${coveringEnd}`.execute(db);

  await sql`
    create table if not exists ad_account_daily_metrics (
      organization_id varchar(64) not null,
      date varchar(10) not null,
      ad_account_id varchar(64) not null references ad_accounts (id) on delete cascade,
      currency varchar(3) not null,
      ${metricColumns("ad_account_daily_metrics")} (organization_id, date, ad_account_id, currency)
    ${coveringEnd}`.execute(db);
  await db.schema
    .createIndex("ad_account_daily_metrics_account_idx")
    .ifNotExists()
    .on("ad_account_daily_metrics")
    .column("ad_account_id")
    .execute();

  // Store revenue per day, connection, currency and UTM source ('' without one): the dashboard's
  // blended ROAS reads a few rows a day instead of every order.
  await sql`
    create table if not exists store_order_daily_revenue (
      organization_id varchar(64) not null,
      date varchar(10) not null,
      connection_id varchar(64) not null references connections (id) on delete cascade,
      currency varchar(3) not null,
      utm_source text not null,
      revenue_minor bigint not null,
      orders integer not null,
      constraint store_order_daily_revenue_pk primary key (organization_id, date, connection_id, currency, utm_source)
    ${isPostgres ? sql.raw(")") : sql.raw(") without rowid")}`.execute(db);
  await db.schema
    .createIndex("store_order_daily_revenue_connection_idx")
    .ifNotExists()
    .on("store_order_daily_revenue")
    .column("connection_id")
    .execute();

  // The campaigns table walks an organization's campaigns in id order from this index alone, so
  // SQLite's lookups of their cumulative rows read adjacent rows (and the count needs no table read).
  await db.schema
    .createIndex("campaigns_analytics_idx")
    .ifNotExists()
    .on("campaigns")
    .columns(["organization_id", "id", "ad_account_id", "status", "name"])
    .execute();

  const organizations = await sql<{ organization_id: string }>`
    select organization_id from campaign_daily_metrics
    union select organization_id from store_orders`.execute(db);
  for (const { organization_id } of organizations.rows) await rebuildOrganizationRollups(db, organization_id);
}

// ---------------------------------------------------------------------------------------------
// The rollup of existing rows, frozen: these statements are this migration's own and must not change.
// ---------------------------------------------------------------------------------------------

interface CalendarTable {
  analytics_calendar: { date: string };
}

const METRIC_COLUMNS = ["impressions", "clicks", "spend_minor", "conversions", "conversion_value_minor"] as const;
type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** Ids per IN list: far below SQLite's 32,766 bound values and PostgreSQL's 65,535. */
const IDS_PER_STATEMENT = 500;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** `YYYY-MM-DD` plus `days` (negative: earlier). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const upsertCumulative = sql`on conflict (ad_account_id, date, campaign_id) do update set ${sql.join(
  METRIC_COLUMNS.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`),
)}`;
const cumulativeColumns = sql`(ad_account_id, date, campaign_id, ${sql.join(METRIC_COLUMNS.map((column) => sql.ref(column)))})`;
const runningSum = (column: MetricColumn) => sql`sum(coalesce(m.${sql.ref(column)}, 0)) over running`;
const idList = (ids: readonly string[]) => sql`(${sql.join(ids)})`;

/** Adds the days the calendar lacks between `from` and `to` (only ever outside 2000–2099). */
async function ensureCalendar(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const missing: Array<{ date: string }> = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    if (day < CALENDAR_FROM || day > CALENDAR_TO) missing.push({ date: day });
  for (const rows of chunk(missing, 5_000))
    await (db as Kysely<CalendarTable>)
      .insertInto("analytics_calendar")
      .values(rows)
      .onConflict((conflict) => conflict.column("date").doNothing())
      .execute();
}

/** Writes the running totals of `campaignIds` (of `accountId`) for [from, to], starting from zero. */
async function buildCumulative(
  db: Kysely<unknown>,
  organizationId: string,
  accountId: string,
  campaignIds: readonly string[],
  from: string,
  to: string,
): Promise<void> {
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

/** Recomputes the daily sums of `accountId` on [from, to] from its campaigns' metrics. */
async function rebuildAccountDays(
  db: Kysely<unknown>,
  organizationId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<void> {
  await sql`
    delete from ad_account_daily_metrics
    where organization_id = ${organizationId} and ad_account_id = ${accountId} and date >= ${from} and date <= ${to}`.execute(
    db,
  );
  await sql`
    insert into ad_account_daily_metrics (organization_id, date, ad_account_id, currency, ${sql.join(METRIC_COLUMNS.map((column) => sql.ref(column)))})
    select c.organization_id, m.date, c.ad_account_id, m.currency,
      ${sql.join(METRIC_COLUMNS.map((column) => sql`sum(m.${sql.ref(column)})`))}
    from campaigns c
    join campaign_daily_metrics m on m.campaign_id = c.id and m.date >= ${from} and m.date <= ${to}
    where c.organization_id = ${organizationId} and c.ad_account_id = ${accountId}
    group by c.organization_id, m.date, c.ad_account_id, m.currency`.execute(db);
}

/** Recomputes a store's daily revenue on the UTC days [from, to] from its orders. */
async function rebuildStoreDays(
  db: Kysely<unknown>,
  organizationId: string,
  connectionId: string,
  from: string,
  to: string,
): Promise<void> {
  await sql`
    delete from store_order_daily_revenue
    where organization_id = ${organizationId} and connection_id = ${connectionId} and date >= ${from} and date <= ${to}`.execute(
    db,
  );
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

/** Recomputes all of an organization's rollups from its metrics and orders. */
async function rebuildOrganizationRollups(db: Kysely<unknown>, organizationId: string): Promise<void> {
  const accounts = (
    await sql<{ id: string }>`select id from ad_accounts where organization_id = ${organizationId} order by id`.execute(
      db,
    )
  ).rows.map((row) => row.id);
  for (const ids of chunk(accounts, IDS_PER_STATEMENT))
    await sql`delete from campaign_metric_cumulative where ad_account_id in ${idList(ids)}`.execute(db);
  await sql`delete from ad_account_daily_metrics where organization_id = ${organizationId}`.execute(db);
  await sql`delete from analytics_rollup_bounds where organization_id = ${organizationId}`.execute(db);
  const stores = await sql<{ connection_id: string; first: string; last: string }>`
    select connection_id, min(ordered_at) as first, max(ordered_at) as last
    from store_orders where organization_id = ${organizationId}
    group by connection_id`.execute(db);
  for (const store of stores.rows)
    await rebuildStoreDays(db, organizationId, store.connection_id, store.first.slice(0, 10), store.last.slice(0, 10));
  const span = await sql<{ first: string | null; last: string | null }>`
    select min(date) as first, max(date) as last
    from campaign_daily_metrics where organization_id = ${organizationId}`.execute(db);
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;
  if (!first || !last) return;
  const base = addDays(first, -1);
  await ensureCalendar(db, base, last);
  for (const accountId of accounts) {
    const campaigns = await sql<{ id: string }>`
      select id from campaigns
      where organization_id = ${organizationId} and ad_account_id = ${accountId}
      order by id`.execute(db);
    // A few hundred campaigns at a time keeps each statement's sort to a size that fits in memory.
    for (const ids of chunk(
      campaigns.rows.map((row) => row.id),
      IDS_PER_STATEMENT,
    ))
      await buildCumulative(db, organizationId, accountId, ids, base, last);
    await rebuildAccountDays(db, organizationId, accountId, first, last);
  }
  await sql`
    insert into analytics_rollup_bounds (organization_id, base_date, last_date)
    values (${organizationId}, ${base}, ${last})`.execute(db);
}
