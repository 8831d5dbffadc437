// npm start: build when needed, migrate, serve. Works straight after `npm install`.
import { startServer, stopOnSignals } from "#server/main.ts";
import { BUILD_DIR, buildIfStale } from "./build-if-stale.ts";
import { loadEnv } from "./load-env.ts";

// Before anything is written (the generated AUTH_SECRET, the database): files are the service account's alone.
process.umask(0o077);
const env = loadEnv();
buildIfStale();
const server = await startServer({ env, buildDir: BUILD_DIR });
stopOnSignals(server);
