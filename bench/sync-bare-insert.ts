// bench:sync's same-run baseline: the rows a backfill wrote, inserted again with a bare prepared
// statement in one transaction into fresh tables of the same shape (columns, key and indexes), with
// nothing else around it. The ratio between the two is what the sync's own work costs.
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import type { DatabaseHandle } from "#core/db/database.ts";

/** A table the sync writes, as the bare copy needs it. */
interface BareTable {
  name: "campaign_daily_metrics" | "ad_daily_metrics";
  columns: readonly string[];
  ddl: string;
  indexes: readonly string[];
}

const METRIC_COLUMNS = [
  "impressions bigint not null",
  "clicks bigint not null",
  "spend_minor bigint not null",
  "conversions double precision not null",
  "conversion_value_minor bigint not null",
  "currency varchar(3) not null",
  "updated_at varchar(40) not null",
];

export const BARE_TABLES: readonly BareTable[] = [
  {
    name: "campaign_daily_metrics",
    columns: [
      "campaign_id",
      "organization_id",
      "date",
      "impressions",
      "clicks",
      "spend_minor",
      "conversions",
      "conversion_value_minor",
      "currency",
      "updated_at",
    ],
    ddl: `create table bare_campaign_daily_metrics (campaign_id varchar(64) not null, organization_id varchar(64) not null,
      date varchar(10) not null, ${METRIC_COLUMNS.join(", ")}, primary key (campaign_id, date))`,
    indexes: [
      "create index bare_campaign_daily_metrics_org_date on bare_campaign_daily_metrics (organization_id, date)",
    ],
  },
  {
    name: "ad_daily_metrics",
    columns: [
      "ad_id",
      "organization_id",
      "campaign_id",
      "date",
      "impressions",
      "reach",
      "clicks",
      "spend_minor",
      "conversions",
      "conversion_value_minor",
      "video_views",
      "currency",
      "updated_at",
    ],
    ddl: `create table bare_ad_daily_metrics (ad_id varchar(64) not null, organization_id varchar(64) not null,
      campaign_id varchar(64) not null, date varchar(10) not null, reach bigint, video_views bigint,
      ${METRIC_COLUMNS.join(", ")}, primary key (ad_id, date))`,
    indexes: [],
  },
];

export interface BareResult {
  rows: number;
  seconds: number;
  cpuSeconds: number;
}

function cpuSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/** The organization's rows of each table the sync writes, inserted again bare; the times add up. */
export async function bareInsertAll(
  database: DatabaseHandle & { url?: string },
  organizationId: string,
): Promise<BareResult> {
  const total: BareResult = { rows: 0, seconds: 0, cpuSeconds: 0 };
  for (const table of BARE_TABLES) {
    const rows = (await database.db
      .selectFrom(table.name)
      .select(table.columns as never)
      .where("organization_id", "=", organizationId)
      .execute()) as Record<string, unknown>[];
    if (rows.length === 0) continue;
    const result = await bareInsert(database, table, rows);
    total.rows += rows.length;
    total.seconds += result.seconds;
    total.cpuSeconds += result.cpuSeconds;
  }
  return total;
}

async function bareInsert(
  database: DatabaseHandle & { url?: string },
  table: BareTable,
  rows: Record<string, unknown>[],
): Promise<{ seconds: number; cpuSeconds: number }> {
  const columns = table.columns.join(", ");
  const target = `bare_${table.name}`;
  const values = (row: Record<string, unknown>) =>
    table.columns.map((column) =>
      row[column] instanceof Date ? (row[column] as Date).toISOString() : row[column],
    ) as SQLInputValue[];
  if (database.dialect === "sqlite") {
    const sqlite = new DatabaseSync(database.location);
    try {
      // The app's connection settings, so the two differ only in what runs around the insert.
      const { cache_size: cacheSize } = (await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db))
        .rows[0] ?? { cache_size: -2000 };
      sqlite.exec(
        `${table.ddl}; ${table.indexes.map((index) => `${index};`).join(" ")} PRAGMA synchronous = NORMAL; PRAGMA cache_size = ${Number(cacheSize)};`,
      );
      const insert = sqlite.prepare(
        `insert into ${target} (${columns}) values (${table.columns.map(() => "?").join(", ")})`,
      );
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      sqlite.exec("begin");
      for (const row of rows) insert.run(...values(row));
      sqlite.exec("commit");
      return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSince(cpuStarted) };
    } finally {
      sqlite.close();
    }
  }
  // PostgreSQL: one round trip per row would measure the network, so the bare statement takes 1,000 rows.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(table.ddl);
    for (const index of table.indexes) await client.query(index);
    const perStatement = 1_000;
    const width = table.columns.length;
    const placeholders = (count: number) =>
      Array.from(
        { length: count },
        (_, row) => `(${table.columns.map((_, column) => `$${row * width + column + 1}`).join(", ")})`,
      ).join(", ");
    const full = `insert into ${target} (${columns}) values ${placeholders(perStatement)}`;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await client.query("begin");
    for (let start = 0; start < rows.length; start += perStatement) {
      const part = rows.slice(start, start + perStatement);
      const text =
        part.length === perStatement ? full : `insert into ${target} (${columns}) values ${placeholders(part.length)}`;
      await client.query({
        ...(part.length === perStatement ? { name: `bench-bare-${table.name}` } : {}),
        text,
        values: part.flatMap(values),
      });
    }
    await client.query("commit");
    // The server's CPU is not counted, on either side of the ratio.
    return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSince(cpuStarted) };
  } finally {
    await client.end();
  }
}
