import { mkdirSync, rmSync } from "node:fs";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import {
  databaseUrlFor,
  dropDatabase,
  POSTGRES_TEMPLATE_NAME,
  runOnServer,
  SQLITE_TEMPLATE,
  TEST_DATA_DIR,
  testDatabaseUrl,
} from "#tests/support/test-database.ts";

/** Migrates one template database per run; every test file then copies it (fast, isolated). */
export default async function setup() {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    await dropDatabase(baseUrl, POSTGRES_TEMPLATE_NAME);
    await runOnServer(baseUrl, `CREATE DATABASE ${POSTGRES_TEMPLATE_NAME}`);
    const template = openDatabase({ databaseUrl: databaseUrlFor(baseUrl, POSTGRES_TEMPLATE_NAME) });
    await migrateToLatest(template.db);
    await template.close();
    return;
  }
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${SQLITE_TEMPLATE}${suffix}`, { force: true });
  const template = openDatabase({ sqliteFile: SQLITE_TEMPLATE });
  await migrateToLatest(template.db);
  // Fold the WAL into the main file so a plain file copy carries every table.
  await template.close();
}
