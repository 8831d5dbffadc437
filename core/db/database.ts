import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, without credentials, for logs. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** SQLite file; ignored when databaseUrl is set. */
  sqliteFile?: string;
}

// PostgreSQL returns BIGINT (int8) and COUNT(*) as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return {
      db,
      dialect: "postgres",
      location: `postgres://${url.host}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? "./data/adhelm.db";
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sqlite = new DatabaseSync(file);
  if (file !== ":memory:") restrictToOwner(file);
  // WAL lets readers proceed while one writer commits; the busy timeout waits out a concurrent writer.
  sqlite.exec(
    "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;",
  );
  const db = new Kysely<Database>({ dialect: createNodeSqliteDialect(sqlite) });
  return {
    db,
    dialect: "sqlite",
    location: file === ":memory:" ? file : path.resolve(file),
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
