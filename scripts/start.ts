// npm start: build when needed, migrate, serve. Works straight after `npm install`.
import module from "node:module";
import path from "node:path";

// Before anything is written (the generated AUTH_SECRET, the database): files are the service account's alone.
process.umask(0o077);
// Node keeps every module's compiled code (TypeScript already stripped) in
// node_modules/.cache/adhelm-compile, keyed by the source's hash, so a start after the first (a
// restart, another node on the same image) skips most of the parsing and compiling. It must be on
// before the server's modules are imported; a folder it cannot write only costs the speed-up.
module.enableCompileCache?.(path.resolve("node_modules/.cache/adhelm-compile"));

const { loadEnv } = await import("./load-env.ts");
const { BUILD_DIR, buildIfStale } = await import("./build-if-stale.ts");
const { startServer, stopOnSignals } = await import("#server/main.ts");
const env = loadEnv();
buildIfStale();
const server = await startServer({ env, buildDir: BUILD_DIR });
stopOnSignals(server);
