import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, type LogEvent, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Logger } from "#core/ports/logger.ts";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, without credentials, for logs. */
  location: string;
  /** Connections held (PostgreSQL's pool; SQLite is one connection), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** SQLite file; ignored when databaseUrl is set. */
  sqliteFile?: string;
  /** Where queries slower than `slowQueryMs` are logged (warn, SQL text without its parameters). */
  logger?: Logger;
  /** Default 200 ms (SLOW_QUERY_MS). */
  slowQueryMs?: number;
  /** PostgreSQL: the most connections the pool opens (DATABASE_POOL_MAX); default 10. */
  poolMax?: number;
}

/** Kysely's `log` option: slow queries at warn, with their duration and SQL text, never their parameters. */
function slowQueryLog(options: DatabaseOptions): ((event: LogEvent) => void) | undefined {
  const { logger } = options;
  if (!logger) return undefined;
  const thresholdMs = options.slowQueryMs ?? 200;
  return (event) => {
    if (event.queryDurationMillis < thresholdMs) return;
    const line = { durationMs: Math.round(event.queryDurationMillis * 10) / 10, sql: event.query.sql };
    if (event.level === "error") logger.warn({ ...line, err: event.error }, "slow query failed");
    else logger.warn(line, "slow query");
  };
}

// PostgreSQL returns BIGINT (int8) and COUNT(*) as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    // …and so must a checked-out one between queries (pg-pool listens only while a client is idle):
    // a killed backend fails that query or the next, never the process.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: slowQueryLog(options) });
    const url = new URL(options.databaseUrl);
    return {
      db,
      dialect: "postgres",
      location: `postgres://${url.host}${url.pathname}`,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? "./data/adhelm.db";
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sqlite = new DatabaseSync(file);
  if (file !== ":memory:") restrictToOwner(file);
  // WAL lets readers proceed while one writer commits; the busy timeout waits out a concurrent writer.
  // A page cache of up to 32 MiB (SQLite's default is 2 MiB) keeps a sync's index pages in memory:
  // with the default, a 400-day backfill spends about as much time re-reading and spilling pages as
  // inserting. It is a ceiling, filled only as pages are used.
  sqlite.exec(
    "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;",
  );
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(sqlite), log: slowQueryLog(options) });
  return {
    db,
    dialect: "sqlite",
    location: file === ":memory:" ? file : path.resolve(file),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    async close() {
      await db.destroy();
      // Kysely only closes a driver it has used; close the file ourselves either way.
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

/**
 * The database file is 0600 whatever the umask, and so are its WAL and shared-memory files, which
 * SQLite creates with the mode of the database file (those left by an older version are tightened).
 */
function restrictToOwner(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, 0o600);
  }
}

/** One round-trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
