import { type Kysely, PostgresAdapter, sql } from "kysely";
import { rebuildOrganizationRollups } from "../../analytics/analytics-repository.ts";
import type { Database } from "../schema.ts";

/** The calendar covers these years; the rollups add days outside them when metrics need them. */
const CALENDAR_FROM = "2000-01-01";
const CALENDAR_TO = "2099-12-31";

/**
 * Rollups that keep the analytics fast at 10,000 campaigns × 1,000 days (see
 * docs/decisions/004-analytics-rollups.md and core/analytics/analytics-repository.ts):
 * - `campaign_metric_cumulative`: running totals per campaign and day, dense (one row for every
 *   day of the organization's bounds), stored in (ad account, date, campaign) order so that the
 *   rows of one day for an account's campaigns are adjacent: a range's sums are two adjacent reads.
 * - `ad_account_daily_metrics`: per ad account and day, for dashboard totals and trends.
 * - `analytics_rollup_bounds`: the days every campaign of an organization has a cumulative row for.
 * - `store_order_daily_revenue`: store revenue per day, store, currency and UTM source.
 * - `analytics_calendar`: one row per date, to build day series with a join on both databases.
 * Existing metrics are rolled up at the end.
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
    await (db as Kysely<Database>)
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

  const organizations = await (db as Kysely<Database>)
    .selectFrom("campaign_daily_metrics")
    .select("organization_id")
    .union((db as Kysely<Database>).selectFrom("store_orders").select("organization_id"))
    .execute();
  for (const { organization_id } of organizations)
    await rebuildOrganizationRollups(db as Kysely<Database>, organization_id);
}
