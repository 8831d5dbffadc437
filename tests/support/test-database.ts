import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";

// TEST_DATA_DIR (SQLite) and TEST_POSTGRES_TEMPLATE (PostgreSQL) let parallel test runs in one
// checkout keep their template databases apart.
export const TEST_DATA_DIR = path.resolve(process.env.TEST_DATA_DIR || "data/test");
export const SQLITE_TEMPLATE = path.join(TEST_DATA_DIR, "template.db");
export const POSTGRES_TEMPLATE_NAME = process.env.TEST_POSTGRES_TEMPLATE || "adhelm_test_template";

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function databaseUrlFor(baseUrl: string, databaseName: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** Runs `statement` on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function runOnServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrlFor(baseUrl, "postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database and whoever is still connected to it. One exception is waited out: an
 * autovacuum worker that has just started on the new database belongs to no role we may signal, so
 * FORCE refuses (insufficient_privilege) until the worker finishes, which takes milliseconds.
 */
export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      const isAutovacuum = (error as { code?: string }).code === "42501";
      if (!isAutovacuum || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A database of its own for one test file: a copy of the pre-migrated template (or, with `isEmpty`,
 * a database with no tables at all), on SQLite or, when TEST_DATABASE_URL is set, on PostgreSQL.
 * Closing it deletes it.
 */
export async function createTestDatabase({ isEmpty = false }: { isEmpty?: boolean } = {}): Promise<DatabaseHandle> {
  const name = `adhelm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    await runOnServer(baseUrl, `CREATE DATABASE ${name}${isEmpty ? "" : ` TEMPLATE ${POSTGRES_TEMPLATE_NAME}`}`);
    const handle = openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        await dropDatabase(baseUrl, name);
      },
    };
  }
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  const file = path.join(TEST_DATA_DIR, `${name}.db`);
  if (!isEmpty) copyFileSync(SQLITE_TEMPLATE, file);
  const handle = openDatabase({ sqliteFile: file });
  return {
    ...handle,
    async close() {
      await handle.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}
