import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect } from "kysely";

type SqliteValue = null | number | bigint | string | Uint8Array;

const STATEMENT_CACHE_SIZE = 200;

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
  // Bulk upserts repeat the same long statement batch after batch; compiling it once saves a lot.
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
  const adapted: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql) {
      const statement = prepared(sql);
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
