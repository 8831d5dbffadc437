// npm run bench:load: signed-in users on loopback against the production server (dashboard, the
// campaigns table with filters, campaign pages, the CSV export, API reads and writes) while
// backfills run, with the error count, p50/p95/p99 per page and the server's CPU and RSS.
// Goals: 0 errors, p99 ≤ 100 ms, RSS ≤ 300 MB, on SQLite and PostgreSQL.
//   --users 200, --seconds 60, --organizations 4, --campaigns 50 (per organization),
//   --think-ms 1000 (each user's average pause between requests);
//   BUILD_DIR (built when stale); BENCH_DATABASE_URL=postgres://…/postgres also runs PostgreSQL.
import { parseArgs } from "node:util";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";
import { freePort } from "#tests/support/free-port.ts";
import { formatLoadResult, type LoadRunOptions, runLoadBench } from "./load-run.ts";
import { withScratchDatabase } from "./scratch-postgres.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    organizations: { type: "string", default: "4" },
    campaigns: { type: "string", default: "50" },
    "think-ms": { type: "string", default: "1000" },
    "skip-sqlite": { type: "boolean", default: false },
  },
});
buildIfStale();
// Ctrl-C ends the run through process exit, which takes the server down with it.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

const base: Omit<LoadRunOptions, "appPort" | "sandboxPort"> = {
  users: Number(values.users),
  seconds: Number(values.seconds),
  organizations: Number(values.organizations),
  campaignsPerOrganization: Number(values.campaigns),
  thinkMs: Number(values["think-ms"]),
  buildDir: BUILD_DIR,
  log: (line) => console.log(`  ${line}`),
};

if (!values["skip-sqlite"]) {
  console.log("SQLite");
  const options = { ...base, appPort: await freePort(), sandboxPort: await freePort() };
  console.log(formatLoadResult("SQLite", options, await runLoadBench(options)));
}
const baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl) console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…/postgres to run it)");
else {
  await withScratchDatabase(baseUrl, "adhelm_bench_load", async (databaseUrl) => {
    console.log("\nPostgreSQL");
    const options = { ...base, appPort: await freePort(), sandboxPort: await freePort(), databaseUrl };
    console.log(formatLoadResult("PostgreSQL", options, await runLoadBench(options)));
  });
}
