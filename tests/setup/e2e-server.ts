import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.ts";
import { startServer } from "../../server/main.ts";
import { databaseUrlFor, runOnServer, TEST_DATA_DIR, testDatabaseUrl } from "../support/test-database.ts";
import { testEnv } from "../support/test-env.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the app when needed and serves the production build on a free port, on its own database. */
export default async function setup(project: TestProject) {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "e2e-"));
  const baseUrl = testDatabaseUrl();
  const databaseName = `adhelm_e2e_${process.pid}`;
  if (baseUrl) {
    await runOnServer(baseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await runOnServer(baseUrl, `CREATE DATABASE ${databaseName}`);
  }
  const env = testEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ...(baseUrl ? { DATABASE_URL: databaseUrlFor(baseUrl, databaseName) } : {}),
  });
  const server = await startServer({ env: { ...env, APP_URL: "http://127.0.0.1" }, buildDir: "build" });
  project.provide("baseUrl", server.url);

  return async () => {
    await server.stop();
    if (baseUrl) await runOnServer(baseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
