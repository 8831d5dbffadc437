import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

type SqliteValue = null | number | bigint | string | Uint8Array;
type Row = Record<string, unknown>;

const STATEMENT_CACHE_SIZE = 200;
// A statement that changes the schema may change what a cached `select *` returns.
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

/** node:sqlite binds only these types; booleans and dates are stored the way SQLite stores them anyway. */
function toSqliteValue(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SqliteValue;
}

function bind(parameters: ReadonlyArray<unknown>): SqliteValue[] {
  const values = new Array<SqliteValue>(parameters.length);
  for (let index = 0; index < parameters.length; index++) values[index] = toSqliteValue(parameters[index]);
  return values;
}

/**
 * Builds a row object from node:sqlite's array of column values. node:sqlite's own row objects are
 * built property by property with a null prototype (slow to build and to read); a function
 * compiled once per statement makes every row of it one object literal of the same shape. The
 * names are JSON-quoted, so they are only ever property keys; a later duplicate name wins, as it
 * does in node:sqlite's objects. `__proto__` as a literal key would set the prototype instead, so
 * such a statement keeps the slow path.
 */
function rowBuilder(names: string[]): (values: unknown[]) => Row {
  if (names.includes("__proto__")) {
    return (values) => {
      const row: Row = {};
      for (let index = 0; index < names.length; index++)
        Object.defineProperty(row, names[index] as string, {
          value: values[index],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return row;
    };
  }
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(", ");
  return new Function("values", `return { ${properties} };`) as (values: unknown[]) => Row;
}

/** A prepared statement with what Kysely asks of it on every run, worked out once. */
function adaptStatement(statement: StatementSync): SqliteStatement {
  const columns = statement.columns();
  if (columns.length === 0) {
    return {
      reader: false,
      all: (parameters) => statement.all(...bind(parameters)),
      run: (parameters) => statement.run(...bind(parameters)),
      iterate: (parameters) => statement.iterate(...bind(parameters)),
    };
  }
  statement.setReturnArrays(true);
  const toRow = rowBuilder(columns.map((column) => column.name));
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(...bind(parameters)) as unknown as unknown[][];
      const objects = new Array<Row>(rows.length);
      for (let index = 0; index < rows.length; index++) objects[index] = toRow(rows[index] as unknown[]);
      return objects;
    },
    run: (parameters) => statement.run(...bind(parameters)),
    *iterate(parameters) {
      for (const values of statement.iterate(...bind(parameters))) yield toRow(values as unknown as unknown[]);
    },
  };
}

/**
 * Kysely's SqliteDialect expects a better-sqlite3-shaped database. This wraps Node's built-in
 * node:sqlite so we need no native addon.
 */
export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Bulk upserts repeat the same long statement batch after batch, and the API runs the same few
  // queries thousands of times a second: each is compiled and described once.
  const statements = new Map<string, SqliteStatement>();
  const prepared = (sql: string): SqliteStatement => {
    let statement = statements.get(sql);
    if (!statement) {
      const compiled = database.prepare(sql);
      statement = adaptStatement(compiled);
      if (SCHEMA_CHANGE.test(sql)) {
        // Not cached, and the cached statements' column lists may be out of date once it has run.
        const run = statement.run;
        return {
          ...statement,
          run(parameters) {
            const result = run(parameters);
            statements.clear();
            return result;
          },
        };
      }
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
  const adapted: SqliteDatabase = {
    close: () => database.close(),
    prepare: prepared,
  };
  return new SqliteDialect({ database: adapted });
}
