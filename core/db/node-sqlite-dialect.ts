import type { DatabaseSync } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect } from "kysely";

type SqliteValue = null | number | bigint | string | Uint8Array;

/** node:sqlite binds only these types; booleans and dates are stored the way SQLite stores them anyway. */
function toSqliteValue(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SqliteValue;
}

/**
 * Kysely's SqliteDialect expects a better-sqlite3-shaped database. This wraps Node's built-in
 * node:sqlite so we need no native addon.
 */
export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const adapted: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
  return new SqliteDialect({ database: adapted });
}
