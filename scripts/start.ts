// npm start: build when needed, migrate, serve. Works straight after `npm install`.
import { startServer, stopOnSignals } from "../server/main.ts";
import { BUILD_DIR, buildIfStale } from "./build-if-stale.ts";
import { loadEnv } from "./load-env.ts";

const env = loadEnv();
buildIfStale();
const server = await startServer({ env, buildDir: BUILD_DIR });
stopOnSignals(server);
