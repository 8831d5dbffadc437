// `npm start` without the build step: serves BUILD_DIR as it is (the two-node test's nodes, a prebuilt image).
import { loadEnv } from "#scripts/load-env.ts";
import { startServer, stopOnSignals } from "#server/main.ts";

const env = loadEnv();
const server = await startServer({ env, buildDir: process.env.BUILD_DIR ?? "build" });
stopOnSignals(server);
