// bench:crash's starting point: a verified owner signed in over HTTP, a Google Ads connection to
// the harness's sandbox with its campaigns synced, and an API key that may write.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createLogger } from "#adapters/logger.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { type Actor, userActor } from "#core/access/actor.ts";
import { parseEnv } from "#core/config/env.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import { requestSync } from "#core/connections/request-sync.ts";
import { saveAdPlatformGrant } from "#core/connections/save-grant.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { sandboxCredentialsFor } from "#server/sandbox-host.ts";
import { createServices } from "#server/services.ts";
import { verifiedSessionCookie } from "#tests/support/verified-session.ts";
import type { CrashSandbox } from "./crash-sandbox.ts";

export interface CrashWorld {
  database: DatabaseHandle;
  services: ReturnType<typeof createServices>;
  owner: Actor;
  organizationId: string;
  connectionId: string;
  /** The signed-in owner's Cookie header. */
  cookie: string;
  apiKey: string;
  campaignIds: string[];
  /** Queues a backfill of the connection, as the app's own sync schedule does. */
  queueBackfill(): Promise<boolean>;
  close(): Promise<void>;
}

/** The harness's own handle on the app's database (the server runs in another process). */
export function openAppDatabase(env: Record<string, string>): DatabaseHandle {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(env.DATA_DIR ?? "", "adhelm.db"),
  });
}

export async function setUpCrashWorld(options: {
  appUrl: string;
  env: Record<string, string>;
  sandbox: CrashSandbox;
  /** How many campaigns the first sync must bring before the world is ready. */
  campaigns: number;
  /** Also sign in as this email's owner (bench:load makes several organizations). */
  email?: string;
}): Promise<CrashWorld> {
  const { appUrl, env, sandbox } = options;
  const dataDir = env.DATA_DIR ?? "";
  const email = options.email ?? `crash-${randomUUID()}@bench.test`;
  const cookie = await signUpVerified(appUrl, dataDir, email);

  const database = openAppDatabase(env);
  const logger = createLogger({ level: "silent", isPretty: false });
  const parsedEnv = parseEnv(env);
  const services = createServices({ env: parsedEnv, database, logger });
  const user = await database.db
    .selectFrom("user")
    .select(["id", "name"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const { organizationId } = await database.db
    .selectFrom("member")
    .select("organizationId")
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
  // No monthly API call limit: the load would run into the plan's.
  await database.db
    .updateTable("organization")
    .set({ plan_id: "enterprise" })
    .where("id", "=", organizationId)
    .execute();
  const owner = userActor({ userId: user.id, name: user.name, organizationId, role: "owner" });

  const issued = sandbox.kit.credentials.issueTokens({
    tenant: organizationId,
    platform: "google-ads",
    accessTtlSeconds: 24 * 3600,
    withRefreshToken: true,
  });
  const { connectionId } = await saveAdPlatformGrant(
    {
      connections: createConnectionRepository(database.db),
      connectors: createConnectorRegistry(parsedEnv, { sandboxCredentials: sandboxCredentialsFor(parsedEnv) }),
      cipher: createTokenCipher(parsedEnv.AUTH_SECRET),
    },
    {
      organizationId,
      userId: user.id,
      platform: "google-ads",
      tokens: {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAt: new Date(Date.now() + 24 * 3_600_000),
        context: {},
      },
    },
  );
  const accounts = await database.db
    .selectFrom("ad_accounts")
    .select("id")
    .where("connection_id", "=", connectionId)
    .execute();
  // What the account picker's "Continue" does; it queues the first backfill, which the server runs.
  await services.connections.chooseAdAccounts(owner, {
    connectionId,
    adAccountIds: accounts.map((account) => account.id),
  });
  const campaignIds = await waitForCampaigns(database, organizationId, options.campaigns);
  const { plaintext } = await services.apiKeys.createApiKey(owner, { name: "Crash bench", scope: "read_write" });
  return {
    database,
    services,
    owner,
    organizationId,
    connectionId,
    cookie,
    apiKey: plaintext,
    campaignIds,
    queueBackfill: () => requestSync(services, { organizationId, connectionId, kind: "backfill" }),
    async close() {
      await services.jobs.stop();
      await services.publicApi.stop();
      await database.close();
    },
  };
}

async function waitForCampaigns(database: DatabaseHandle, organizationId: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const rows = await database.db
      .selectFrom("campaigns")
      .select("id")
      .where("organization_id", "=", organizationId)
      .orderBy("id")
      .execute();
    if (rows.length >= count) return rows.map((row) => row.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The first sync did not bring ${count} campaigns within 120 s`);
}

/**
 * A new user through the app's own sign-up and the mailed verification link (read from the
 * outbox in DATA_DIR), over HTTP as a browser would; returns the session's Cookie header. Patient
 * with the mail, which a loaded machine may write seconds later.
 */
export function signUpVerified(appUrl: string, dataDir: string, email: string): Promise<string> {
  return verifiedSessionCookie(
    { request: (pathname, init) => fetch(new URL(pathname, appUrl), init) },
    { appUrl, dataDir, email, mailTimeoutMs: 120_000 },
  );
}
