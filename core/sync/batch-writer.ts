import { CompiledQuery, type Kysely, PostgresAdapter } from "kysely";

/**
 * How the rows of one table are written in bulk: the columns in order, the key a repeated row
 * conflicts on, and what a repeated row replaces. One spec per table (daily metrics today; ad-level
 * rows and the like take their own).
 */
export interface BatchTableSpec<Row, Shared = void> {
  table: string;
  columns: readonly string[];
  /** The unique key a row is upserted on. */
  conflictKey: readonly string[];
  /** Columns a repeated row overwrites with its new values; none means a repeat is ignored. */
  updateColumns: readonly string[];
  /** The row's values in `columns` order; `shared` holds what every row of one write has in common. */
  values(row: Row, shared: Shared): unknown[];
}

/** Bound values allowed per statement: SQLite's 32,766, PostgreSQL's 65,535, both with room to spare. */
const VALUES_PER_STATEMENT = { sqlite: 32_000, postgres: 65_000 } as const;
/** Rows per statement at most: long enough to amortise a statement, short enough to keep its text small. */
const MAX_ROWS_PER_STATEMENT = 500;

/**
 * Writes rows of one table as multi-row upserts, chunked by the database's bound-value limit. The
 * statement text is built once per chunk size (not per call, and without a query builder), so the
 * database's statement cache reuses it; call `write` inside the caller's transaction.
 */
export function createBatchWriter<Row, Shared = void>(spec: BatchTableSpec<Row, Shared>) {
  const columns = spec.columns.map(quote).join(", ");
  const conflict =
    spec.updateColumns.length === 0
      ? `on conflict (${spec.conflictKey.map(quote).join(", ")}) do nothing`
      : `on conflict (${spec.conflictKey.map(quote).join(", ")}) do update set ${spec.updateColumns
          .map((column) => `${quote(column)} = excluded.${quote(column)}`)
          .join(", ")}`;
  const texts = new Map<string, string>();
  const statementFor = (isPostgres: boolean, rowCount: number): string => {
    const key = `${isPostgres ? "p" : "s"}${rowCount}`;
    let text = texts.get(key);
    if (!text) {
      const width = spec.columns.length;
      const tuples = new Array<string>(rowCount);
      for (let row = 0; row < rowCount; row++) {
        const marks = new Array<string>(width);
        for (let column = 0; column < width; column++)
          marks[column] = isPostgres ? `$${row * width + column + 1}` : "?";
        tuples[row] = `(${marks.join(", ")})`;
      }
      text = `insert into ${quote(spec.table)} (${columns}) values ${tuples.join(", ")} ${conflict}`;
      // Only the full-size chunk and a few remainders recur; keep the cache small.
      if (texts.size > 16) texts.clear();
      texts.set(key, text);
    }
    return text;
  };

  return {
    /** Upserts `rows` (in order, chunk by chunk); returns how many were written. */
    async write<DB>(db: Kysely<DB>, rows: readonly Row[], shared: Shared): Promise<number> {
      if (rows.length === 0) return 0;
      const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const limit = isPostgres ? VALUES_PER_STATEMENT.postgres : VALUES_PER_STATEMENT.sqlite;
      const perStatement = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(limit / spec.columns.length)));
      for (let start = 0; start < rows.length; start += perStatement) {
        const end = Math.min(rows.length, start + perStatement);
        const parameters: unknown[] = [];
        for (let index = start; index < end; index++) {
          const values = spec.values(rows[index] as Row, shared);
          for (const value of values) parameters.push(value);
        }
        await db.executeQuery(CompiledQuery.raw(statementFor(isPostgres, end - start), parameters));
      }
      return rows.length;
    },
  };
}

/** Table and column names come from our own specs; quoting keeps reserved words (`date`) safe anyway. */
function quote(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return `"${name}"`;
}
