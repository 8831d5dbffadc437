import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { databaseUrlFor, dropDatabase, runOnServer, TEST_DATA_DIR, testDatabaseUrl } from "./test-database.ts";

export interface StubProduction {
  /** A fresh folder under the test data folder; DATA_DIR may go inside it. */
  root: string;
  /** A build with no routes: enough for startServer when only the boot and the Hono routes are under test. */
  buildDir: string;
  /** DATABASE_URL of a fresh, empty PostgreSQL database under TEST_DATABASE_URL, or nothing (SQLite). */
  databaseEnv: Record<string, string>;
  remove(): Promise<void>;
}

export async function prepareStubProduction(prefix: string): Promise<StubProduction> {
  const root = mkdtempSync(path.join(TEST_DATA_DIR, `${prefix}-`));
  const buildDir = path.join(root, "build");
  mkdirSync(path.join(buildDir, "server"), { recursive: true });
  mkdirSync(path.join(buildDir, "client"));
  writeFileSync(path.join(buildDir, "server/index.js"), "export const routes = {};\n");
  const baseUrl = testDatabaseUrl();
  const databaseName = `adhelm_${prefix.replaceAll("-", "_")}_${process.pid}`;
  if (baseUrl) {
    await dropDatabase(baseUrl, databaseName);
    await runOnServer(baseUrl, `CREATE DATABASE ${databaseName}`);
  }
  return {
    root,
    buildDir,
    databaseEnv: baseUrl ? { DATABASE_URL: databaseUrlFor(baseUrl, databaseName) } : {},
    async remove() {
      if (baseUrl) await dropDatabase(baseUrl, databaseName);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
