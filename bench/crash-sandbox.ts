// The ad-platform sandbox for bench:crash, in the harness's own process and on its own database,
// so it outlives every kill -9 of the app and can say which mutations reached it.
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { sandboxHostOptions } from "#server/sandbox-host.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createSandboxApp, type SandboxAppOptions } from "#simulator/sandbox-app.ts";
import type { SandboxKit } from "#simulator/sandbox-kit.ts";

/** One write the sandbox received (a Google Ads `:mutate` call), with its raw body. */
export interface RecordedMutation {
  path: string;
  body: string;
}

export interface CrashSandbox {
  /** e.g. http://127.0.0.1:PORT/sandbox (the app's ADS_SANDBOX_URL). */
  root: string;
  kit: SandboxKit;
  mutations: RecordedMutation[];
  /** How many recorded mutations carry `token` (a unique name or budget) in their body. */
  timesSent(token: string): number;
  close(): Promise<void>;
}

export async function startCrashSandbox(options: {
  dataDir: string;
  port: number;
  secret: string;
  appUrl: string;
  /** Campaigns per ad account, and ad accounts per tenant (1 by default). */
  campaigns: number;
  accounts?: number;
}): Promise<CrashSandbox> {
  const database: DatabaseHandle = openDatabase({ sqliteFile: path.join(options.dataDir, "sandbox.db") });
  await migrateToLatest(database.db);
  const sandboxOptions: SandboxAppOptions = {
    ...sandboxHostOptions(database.db),
    secret: options.secret,
    platforms: { "google-ads": createGoogleAdsSandbox },
    appUrl: options.appUrl,
    requestsPerMinute: 1_000_000,
    shapeFor: () => ({ accounts: options.accounts ?? 1, campaignsPerAccount: options.campaigns }),
  };
  const sandbox = createSandboxApp(sandboxOptions);
  const mutations: RecordedMutation[] = [];
  const host = new Hono();
  // Recorded as it arrives: a mutation counts as sent even if the app dies before the answer.
  host.use("/sandbox/*", async (c, next) => {
    if (c.req.method === "POST" && c.req.path.includes(":mutate"))
      mutations.push({ path: c.req.path, body: await c.req.raw.clone().text() });
    await next();
  });
  host.route("/sandbox", sandbox.app);
  const server = serve({ fetch: host.fetch, hostname: "127.0.0.1", port: options.port }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return {
    root: `http://127.0.0.1:${options.port}/sandbox`,
    kit: sandbox.kit,
    mutations,
    timesSent: (token) => mutations.filter((mutation) => mutation.body.includes(token)).length,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}
