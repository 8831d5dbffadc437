// The production server as bench:crash and bench:load start it: `npm start` without its build
// check (the build is made once, before the run), so a restart after kill -9 is a plain boot.
import { parseEnv } from "#core/config/env.ts";
import { startServer, stopOnSignals } from "#server/main.ts";

const buildDir = process.env.BUILD_DIR || "build";
const server = await startServer({ env: parseEnv(process.env), buildDir });
stopOnSignals(server);
