import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ensurePrivateDirectory } from "#adapters/file-storage.ts";
import { createLogger } from "#adapters/logger.ts";
import type { Env } from "#core/config/env.ts";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import type { Logger } from "#core/ports/logger.ts";
import { startApiKeyRevocationWatch } from "./api-key-revocation-watch.ts";
import { createApp, type PageHandler } from "./app.ts";
import { startBackgroundWork } from "./background.ts";
import { seedDemoIfFresh } from "./demo-seed.ts";
import { drainHttpServer } from "./drain-http-server.ts";
import { createServices } from "./services.ts";

const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;
const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export interface RunningServer {
  url: string;
  port: number;
  logger: Logger;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  env: Env;
  buildDir: string;
  logger?: Logger;
}

/** Boots the production server: migrate, compose services, serve the built app. */
export async function startServer({
  env,
  buildDir,
  logger = createLogger({ level: env.LOG_LEVEL, isPretty: !env.isProduction && process.stdout.isTTY }),
}: StartOptions): Promise<RunningServer> {
  // What the server creates (database, outbox, uploads) is the service account's alone, and so is
  // DATA_DIR, even one an older version made 0755.
  process.umask(0o077);
  await ensurePrivateDirectory(env.DATA_DIR);
  if (env.isProduction && !env.SMTP_URL)
    logger.warn("SMTP_URL is not set: mail is not delivered, only written to DATA_DIR/outbox");
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(env.DATA_DIR, "adhelm.db"),
    logger,
    slowQueryMs: env.SLOW_QUERY_MS,
    poolMax: env.DATABASE_POOL_MAX,
  });
  const { applied } = await migrateToLatest(database.db);
  logger.info({ database: database.location, dialect: database.dialect, applied }, "database ready");

  // The pages' build imports core, connectors, adapters and app-context.ts rather than bundling them
  // (vite.config.ts), so its routes share the modules this process loaded: one copy of each.
  const build = (await import(path.resolve(buildDir, "server/index.js"))) as ServerBuild;
  const handleRequest = createRequestHandler(build, env.isProduction ? "production" : "development");
  const handlePage: PageHandler = (request, context) => handleRequest(request, context);

  const services = createServices({ env, database, logger });
  if (env.isProduction && services.sandbox) {
    logger.warn(
      { sandboxUrl: `${env.APP_URL}/sandbox` },
      "ADS_SANDBOX is enabled in production: anyone can reach /sandbox, its fake ad platforms and its consent pages. Set ADS_SANDBOX=false unless this is a demo.",
    );
  }
  // Old rate-limit windows are useless; no rule counts over more than a day.
  const pruneRateLimits = setInterval(() => {
    services.rateLimits.deleteWindowsBefore(Date.now() - RATE_LIMIT_RETENTION_MS).catch((error: unknown) => {
      logger.warn({ err: error }, "pruning rate limits failed");
    });
  }, RATE_LIMIT_PRUNE_INTERVAL_MS);
  pruneRateLimits.unref();
  const revocationWatch = startApiKeyRevocationWatch({ databaseUrl: env.DATABASE_URL, database, services, logger });
  let isDraining = false;
  const app = createApp({
    env,
    logger,
    services,
    isDraining: () => isDraining,
    handlePage,
    staticRoot: path.relative(process.cwd(), path.resolve(buildDir, "client")),
  });

  // Jobs start before we listen, so a signal right after the first answer finds everything to stop.
  // A resumed sync that calls the built-in sandbox a moment too early is retried like any outage.
  const background = await startBackgroundWork({ env, services, logger });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  const drain = drainHttpServer(server as HttpServer);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info({ url }, "Adhelm is listening");
  // Seeding talks to the sandbox over HTTP; it runs beside the server, and a stop waits for it.
  const seeding = seedDemoIfFresh({ env, services, logger }).catch((error: unknown) =>
    logger.error({ err: error }, "seeding the demo failed"),
  );

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    logger,
    stop() {
      stopping ??= (async () => {
        clearInterval(pruneRateLimits);
        await revocationWatch.stop();
        await seeding;
        // No new connections from here; the requests already sent finish while the jobs stop.
        isDraining = true;
        const closing = drain.close();
        await background.stop();
        await closing;
        // The API's calls counted in memory since the last flush are written before the database closes.
        await services.publicApi
          .stop()
          .catch((error: unknown) => logger.warn({ err: error }, "flushing API usage failed"));
        await database.close();
      })();
      return stopping;
    },
  };
}

/** SIGTERM and SIGINT finish in-flight requests, then exit; a second signal exits at once. */
export function stopOnSignals(server: RunningServer, timeoutMs = 10_000): void {
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1);
    isStopping = true;
    server.logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      server.logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, timeoutMs);
    forceExit.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
