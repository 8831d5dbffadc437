import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";
import { startServer } from "#server/main.ts";
import { startFakeGitHub } from "#tests/support/fake-github.ts";
import { freePort } from "#tests/support/free-port.ts";
import { startSmtpCatcher } from "#tests/support/smtp-catcher.ts";
import {
  databaseUrlFor,
  dropDatabase,
  runOnServer,
  TEST_DATA_DIR,
  testDatabaseUrl,
} from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
    /** The SMTP catcher's message list (GET, ?to=address). */
    mailUrl: string;
    /** The fake GitHub Enterprise Server the app's GITHUB_URL points at. */
    gitHubUrl: string;
    /** Where the server's data lives, so a test can seed what a sync would have written. */
    serverDatabase: { databaseUrl?: string; sqliteFile: string };
  }
}

export const E2E_GITHUB_CLIENT = { clientId: "e2e-client-id", clientSecret: "e2e-client-secret" };

/** Builds the app when needed and serves the production build on a free port, on its own database. */
export default async function setup(project: TestProject) {
  buildIfStale();
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "e2e-"));
  const baseUrl = testDatabaseUrl();
  const databaseName = `adhelm_e2e_${process.pid}`;
  if (baseUrl) {
    await dropDatabase(baseUrl, databaseName);
    await runOnServer(baseUrl, `CREATE DATABASE ${databaseName}`);
  }
  const smtp = await startSmtpCatcher();
  const gitHub = await startFakeGitHub(E2E_GITHUB_CLIENT);
  // A fixed port, so APP_URL (the origin better-auth and our CSRF check trust) is the real one.
  const port = await freePort();
  const env = testEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.smtpUrl,
    GITHUB_URL: gitHub.url,
    GITHUB_CLIENT_ID: E2E_GITHUB_CLIENT.clientId,
    GITHUB_CLIENT_SECRET: E2E_GITHUB_CLIENT.clientSecret,
    // Every browser test signs up from 127.0.0.1; the limits themselves are tested with small values.
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "10000",
    AUTH_FAILED_SIGN_INS_PER_IP: "10000",
    PUBLIC_FORMS_PER_IP_PER_HOUR: "10000",
    // The webhooks spec's receiver listens on loopback, as a self-hoster's own network would.
    WEBHOOKS_ALLOW_PRIVATE: "true",
    ...(baseUrl ? { DATABASE_URL: databaseUrlFor(baseUrl, databaseName) } : {}),
  });
  const server = await startServer({ env, buildDir: BUILD_DIR });
  project.provide("baseUrl", server.url);
  project.provide("mailUrl", smtp.messagesUrl);
  project.provide("gitHubUrl", gitHub.url);
  project.provide("serverDatabase", {
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(dataDir, "adhelm.db"),
  });

  return async () => {
    await server.stop();
    await smtp.stop();
    await gitHub.stop();
    if (baseUrl) await dropDatabase(baseUrl, databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
