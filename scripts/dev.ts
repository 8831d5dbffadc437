// npm run dev: the same Hono entry, with Vite serving modules and hot reload.
import { createServer } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createLogger } from "#adapters/logger.ts";
import { openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createApp } from "#server/app.ts";
import { startBackgroundWork } from "#server/background.ts";
import { seedDemoIfFresh } from "#server/demo-seed.ts";
import { createServices } from "#server/services.ts";
import { loadEnv } from "./load-env.ts";

const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL, isPretty: true });
const database = openDatabase({
  databaseUrl: env.DATABASE_URL,
  sqliteFile: path.join(env.DATA_DIR, "adhelm.db"),
  logger,
  slowQueryMs: env.SLOW_QUERY_MS,
});
await migrateToLatest(database.db);

const services = createServices({ env, database, logger });
// vite.config.ts keeps core, connectors, adapters, server code and app-context.ts out of Vite's module
// runner: the pages import the very modules this process loaded, one copy of each. Vite hot-reloads
// the rest of app/; a change to a shared module needs a restart, which `node --watch-path` does.
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createApp({
  env,
  logger,
  services,
  isDevServer: true,
  async handlePage(request, context) {
    // Loaded per request so edits to routes apply without a restart.
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  },
});
const listener = getRequestListener(app.fetch);
const server = createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(env.PORT, env.HOST, () => logger.info({ url: `http://localhost:${env.PORT}` }, "Adhelm dev server"));
await new Promise((resolve) => server.once("listening", resolve));
// Syncs call the sandbox on this very server, so jobs and the demo start once it listens.
const background = await startBackgroundWork({ env, services, logger });
await seedDemoIfFresh({ env, services, logger }).catch((error: unknown) =>
  logger.error({ err: error }, "seeding the demo failed"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await background.stop();
    server.close();
    await vite.close();
    await database.close();
    process.exit(0);
  });
}
