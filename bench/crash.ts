// npm run bench:crash: kill -9 the production server at random moments under a mixed write load
// (API PUTs with Idempotency-Key, budget changes and undos from the campaigns screen, backfills),
// restart it each time, then check that nothing acknowledged was lost, nothing reached the platform
// twice, and the database holds no half-applied change.
// Goals: 0 lost, 0 duplicated, 0 integrity failures; healthy ≤ 2 s after each restart.
//   --kills 100, --seed 1; BUILD_DIR (default data/build-sd) is built when stale;
//   BENCH_DATABASE_URL=postgres://…/postgres also runs it on PostgreSQL.
import { parseArgs } from "node:util";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";
import { freePort } from "#tests/support/free-port.ts";
import { formatCrashResult, percentile, runCrashBench } from "./crash-run.ts";
import { withScratchDatabase } from "./scratch-postgres.ts";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "100" },
    seed: { type: "string", default: "1" },
    "skip-sqlite": { type: "boolean", default: false },
  },
});
const kills = Number(values.kills);
const seed = Number(values.seed);
buildIfStale();
// Ctrl-C ends the run through process exit, which takes the server down with it.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

const base = { kills, seed, buildDir: BUILD_DIR, withUiActions: true, log: (line: string) => console.log(`  ${line}`) };
let isMet = true;
const report = (label: string, result: Awaited<ReturnType<typeof runCrashBench>>) => {
  console.log(formatCrashResult(label, result));
  const healthyMax = Math.max(0, ...result.healthyMs);
  const met =
    result.lost.length === 0 &&
    result.duplicated.length === 0 &&
    result.integrityFailures.length === 0 &&
    result.unloggedPlatformChanges.length === 0 &&
    healthyMax <= 2_000;
  console.log(
    `  goal 0 / 0 / 0, healthy ≤ 2 s: ${met ? "met" : "NOT met"} (p95 healthy ${Math.round(percentile(result.healthyMs, 0.95))} ms)`,
  );
  isMet &&= met;
};

if (!values["skip-sqlite"]) {
  console.log(`SQLite, ${kills} kills, seed ${seed}`);
  report("SQLite", await runCrashBench({ ...base, appPort: await freePort(), sandboxPort: await freePort() }));
}
const baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl) console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…/postgres to run it)");
else {
  await withScratchDatabase(baseUrl, "adhelm_bench_crash", async (databaseUrl) => {
    console.log(`\nPostgreSQL, ${kills} kills, seed ${seed}`);
    report(
      "PostgreSQL",
      await runCrashBench({ ...base, appPort: await freePort(), sandboxPort: await freePort(), databaseUrl }),
    );
  });
}
process.exitCode = isMet ? 0 : 1;
