// npm run bench:analytics: how fast the dashboard and the campaigns table answer at scale.
//   One organization with 10,000 campaigns × 1,000 days = 10 million daily metric rows (25 ad accounts
//   on five platforms, USD and EUR) and 100,000 store orders, generated with set-based SQL. The rollups
//   are then built from the rows, and each query runs 50 times for a 30-day and a 365-day range
//   ending on the last day: the dashboard's analytics, and the campaigns table's first page of 50
//   sorted by spend (descending) with the previous period.
//   On SQLite always; on PostgreSQL with BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres.
//   Goal: p95 ≤ 50 ms for 30 days and ≤ 150 ms for 365 days.
//   Generating takes minutes; to measure again without regenerating, keep the databases with
//   BENCH_ANALYTICS_SQLITE_FILE=/path/bench.db and BENCH_ANALYTICS_PG_DATABASE=<name>.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createAnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import { getCampaignTable } from "#core/analytics/get-campaign-table.ts";
import { getDashboardAnalytics } from "#core/analytics/get-dashboard-analytics.ts";
import { addDays } from "#core/dates/calendar-date.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";

const CAMPAIGNS = 10_000;
const DAYS = 1_000;
const ACCOUNTS = 25;
const ORDERS_PER_DAY = 100;
const RUNS = 50;
const WARM_UP_RUNS = 10;
const PLATFORMS = ["google-ads", "microsoft-ads", "facebook-ads", "tiktok-ads", "linkedin-ads"];
const UTM_SOURCES = ["google", "facebook", "ig", "bing", "tiktok", "linkedin", "newsletter", ""];
const GOALS = { 30: 50, 365: 150 } as const;

const lastDay = new Date().toISOString().slice(0, 10);
const firstDay = addDays(lastDay, -(DAYS - 1));

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The figures of campaign `n` on day `i`: deterministic, varied, the same on both databases. */
const metricFigures = (n: string, i: string) => `
  1000 + (${n} * 37 + ${i} * 11) % 5000,
  20 + (${n} * 13 + ${i} * 7) % 80,
  500 + (${n} * 31 + ${i} * 17) % 4000,
  ((${n} * 3 + ${i}) % 20) / 4.0,
  (500 + (${n} * 31 + ${i} * 17) % 4000) * (1 + ${n} % 7) / 2`;

async function generate(database: DatabaseHandle, organizationId: string): Promise<void> {
  const { db } = database;
  const isPostgres = database.dialect === "postgres";
  /** The integers 0 … count − 1 as a table `alias` with one column `i`. */
  const numbers = (count: number, alias = "g") =>
    isPostgres
      ? `generate_series(0, ${count - 1}) as ${alias}(i)`
      : `(with recursive ${alias}(i) as (select 0 union all select i + 1 from ${alias} where i < ${count - 1}) select i from ${alias}) ${alias}`;
  const id = (prefix: string, expression: string) =>
    isPostgres
      ? `lpad(to_hex((${expression}::bigint * 2654435761) % 4294967296), 8, '0') || '-${prefix}-4000-8000-' || lpad(to_hex(${expression}), 12, '0')`
      : `printf('%08x-${prefix}-4000-8000-%012x', (${expression}) * 2654435761 % 4294967296, ${expression})`;
  const dateOf = (index: string) =>
    isPostgres
      ? `to_char(date '${firstDay}' + (${index}), 'YYYY-MM-DD')`
      : `date('${firstDay}', '+' || (${index}) || ' days')`;
  const org = `'${organizationId}'`;

  await sql
    .raw(`insert into connections (id, organization_id, platform, status, display_name)
      select ${id("0001", "i")}, ${org}, case i ${PLATFORMS.map((platform, index) => `when ${index} then '${platform}'`).join(" ")} end,
        'active', 'Bench' from ${numbers(PLATFORMS.length)}`)
    .execute(db);
  await sql
    .raw(`insert into connections (id, organization_id, platform, status, platform_context)
      values ('${randomUUID()}', ${org}, 'shopify', 'active', '{"storeCurrency":"USD"}')`)
    .execute(db);
  await sql
    .raw(`insert into ad_accounts (id, organization_id, connection_id, external_id, name, currency)
      select ${id("0002", "i")}, ${org}, ${id("0001", `i % ${PLATFORMS.length}`)}, 'account-' || i, 'Account ' || i,
        case when i % ${PLATFORMS.length} = 2 then 'EUR' else 'USD' end from ${numbers(ACCOUNTS)}`)
    .execute(db);
  await sql
    .raw(`insert into campaigns (id, organization_id, ad_account_id, external_id, name, status, daily_budget_minor, currency)
      select ${id("0003", "i")}, ${org}, ${id("0002", `i % ${ACCOUNTS}`)}, 'c' || i, 'Campaign ' || i,
        case when i % 50 = 0 then 'removed' when i % 12 = 0 then 'paused' else 'enabled' end,
        1000 + (i % 50) * 100, case when (i % ${ACCOUNTS}) % ${PLATFORMS.length} = 2 then 'EUR' else 'USD' end
      from ${numbers(CAMPAIGNS)}`)
    .execute(db);
  const started = performance.now();
  // Campaign by campaign, in the primary key's order, so the index grows at its end.
  await sql
    .raw(`insert into campaign_daily_metrics (campaign_id, organization_id, date, impressions, clicks, spend_minor,
        conversions, conversion_value_minor, currency, updated_at)
      select c.id, ${org}, ${dateOf("d.i")}, ${metricFigures("c.n", "d.i")}, c.currency, '${new Date().toISOString()}'
      from (select id, currency, cast(substr(external_id, 2) as integer) as n from campaigns where organization_id = ${org}) c
      cross join ${numbers(DAYS, "d")}
      order by c.id, d.i`)
    .execute(db);
  console.log(`  ${(CAMPAIGNS * DAYS).toLocaleString("en-US")} metric rows in ${seconds(started)}`);
  await sql
    .raw(`insert into store_orders (id, organization_id, connection_id, external_id, name, ordered_at, currency,
        total_minor, refunded_minor, utm_source)
      select ${id("0004", "i")}, ${org}, (select id from connections where organization_id = ${org} and platform = 'shopify'),
        'o' || i, '#' || i, ${dateOf(`i / ${ORDERS_PER_DAY}`)} || 'T12:00:00.000Z', 'USD', 2000 + (i * 7919) % 20000,
        case when i % 25 = 0 then 1000 else 0 end,
        case i % ${UTM_SOURCES.length} ${UTM_SOURCES.map((source, index) => `when ${index} then ${source ? `'${source}'` : "null"}`).join(" ")} end
      from ${numbers(DAYS * ORDERS_PER_DAY)}`)
    .execute(db);
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  try {
    await measureOn(label, database);
  } finally {
    await database.close();
  }
}

async function measureOn(label: string, database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await migrateToLatest(db);
  const isSqlite = database.dialect === "sqlite";
  const pragmas = async (...statements: string[]) => {
    if (isSqlite) for (const statement of statements) await sql.raw(`pragma ${statement}`).execute(db);
  };
  const analytics = createAnalyticsRepository(db);
  // A kept database (see the end of this file) already holds the data of an earlier run.
  const kept = await db
    .selectFrom("organization")
    .select("id")
    .where("slug", "like", "bench%")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("analytics_rollup_bounds")
          .select("last_date")
          .whereRef("organization_id", "=", "organization.id")
          .where("last_date", "is not", null),
      ),
    )
    .executeTakeFirst();
  let organizationId = kept?.id ?? "";
  if (kept) console.log(`${label}: reusing the data of an earlier run`);
  else {
    const userId = randomUUID();
    await db
      .insertInto("user")
      .values({ id: userId, name: "Bench", email: `${userId}@bench.test`, emailVerified: true })
      .execute();
    ({ organizationId } = await createOrganizationRepository(db).createWithOwner({ name: "Bench", ownerId: userId }));
    console.log(`${label}: generating…`);
    // Loading is setup, not what is measured: SQLite loads with a large cache, without fsync and
    // without foreign-key checks (the generated rows are consistent), then goes back to the server's settings.
    await pragmas("cache_size = -1000000", "synchronous = off", "foreign_keys = off");
    await generate(database, organizationId);
    const started = performance.now();
    await analytics.rebuildRollups(organizationId);
    console.log(`  rollups built in ${seconds(started)}`);
  }
  // Back to the server's settings, with the load folded from the write-ahead log into the file as a
  // running server's checkpoints would have done.
  await pragmas("cache_size = -2000", "synchronous = normal", "foreign_keys = on", "wal_checkpoint(truncate)");
  if (database.dialect === "postgres") {
    // What autovacuum does on its own a little later: statistics, and the visibility map that lets
    // PostgreSQL answer from an index alone.
    for (const table of [
      "campaign_daily_metrics",
      "campaign_metric_cumulative",
      "ad_account_daily_metrics",
      "store_order_daily_revenue",
      "campaigns",
      "store_orders",
    ])
      await sql.raw(`vacuum analyze ${table}`).execute(db);
  }

  const time = async (run: () => Promise<unknown>) => {
    for (let index = 0; index < WARM_UP_RUNS; index += 1) await run();
    const timings: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const began = performance.now();
      await run();
      timings.push(performance.now() - began);
    }
    timings.sort((a, b) => a - b);
    return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
  };
  for (const days of [30, 365] as const) {
    const range: DateRange = { from: addDays(lastDay, -(days - 1)), to: lastDay };
    const dashboard = await time(() =>
      getDashboardAnalytics({ analytics }, { organizationId, range, reportingCurrency: "USD" }),
    );
    const table = await time(() =>
      getCampaignTable(
        { analytics },
        { organizationId, range, filters: {}, sort: { key: "spend", direction: "desc" }, page: 1, pageSize: 50 },
      ),
    );
    const goal = GOALS[days];
    for (const [name, result] of [
      ["dashboard", dashboard],
      ["campaigns table", table],
    ] as const)
      console.log(
        `  ${`${days} days`.padEnd(8)} ${name.padEnd(16)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  (goal p95 ≤ ${goal} ms: ${result.p95 <= goal ? "met" : "NOT met"})`,
      );
  }
}

// BENCH_ANALYTICS_SQLITE_FILE keeps the SQLite database in that file and reuses it on the next run.
const keptFile = process.env.BENCH_ANALYTICS_SQLITE_FILE;
const sqliteDir = keptFile ? null : mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-analytics-"));
try {
  const file = keptFile ?? path.join(sqliteDir as string, "bench.db");
  await measure("SQLite", openDatabase({ sqliteFile: file }));
  console.log(`  database file ${(statSync(file).size / 1e9).toFixed(2)} GB`);
} finally {
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (!postgresUrl) {
  console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres to measure it");
} else {
  // BENCH_ANALYTICS_PG_DATABASE keeps the PostgreSQL database under that name and reuses it next time.
  const keptName = process.env.BENCH_ANALYTICS_PG_DATABASE;
  const name = keptName ?? `adhelm_bench_analytics_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  let isReachable = true;
  try {
    await admin.connect();
  } catch (error) {
    isReachable = false;
    console.log(
      `PostgreSQL skipped: ${postgresUrl.replace(/\/\/[^@]*@/, "//")} is not reachable (${(error as Error).message})`,
    );
  }
  if (isReachable) {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      await measure("PostgreSQL", openDatabase({ databaseUrl: url.toString() }));
    } finally {
      if (!keptName) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
