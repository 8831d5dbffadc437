// npm run bench:startup: cold start and idle memory of `node scripts/start.ts` on the production build,
// against a bare node:http server started the same way, run after run (the machine may be shared,
// so both are measured in the same run and the medians are compared).
//   cold start: spawn → first 200 on /. Idle RSS: VmRSS after a few warm-up requests and a second's rest.
//   Production mode, SQLite in a throwaway DATA_DIR, no demo seed (which would add its own work).
//   BENCH_RUNS=5 (runs of each), BENCH_WARMUP=20 (requests over the public pages).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";
import { freePort } from "#tests/support/free-port.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 20);
const WARMUP_PATHS = ["/", "/pricing", "/login", "/signup", "/api/reference", "/healthz"];
const AUTH_SECRET = "bench-startup-secret-0123456789abcdefghijklmnop";
const BARE_SERVER = `require("node:http").createServer((request, response) => response.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");`;

interface Sample {
  coldStartMs: number;
  idleRssMegabytes: number;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function firstOk(url: string, child: ChildProcess, startedAt: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const isUp = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (isUp) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within 60 seconds`);
}

async function measure(args: string[], extraEnv: Record<string, string>, paths: string[]): Promise<Sample> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-startup-"));
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const coldStartMs = await firstOk(`${origin}/`, child, startedAt);
    for (let index = 0; index < WARMUP_REQUESTS; index++) {
      const response = await fetch(`${origin}${paths[index % paths.length]}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${paths[index % paths.length]} answered ${response.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { coldStartMs, idleRssMegabytes: rssMegabytes(child.pid ?? 0) };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

buildIfStale(() => {});
const buildFile = path.join(BUILD_DIR, "server/index.js");
const builtAt = statSync(buildFile).mtimeMs;
const bare: Sample[] = [];
const adhelm: Sample[] = [];
// Alternating runs, so a busy moment on the machine weighs on both.
for (let run = 0; run < RUNS; run++) {
  bare.push(await measure(["-e", BARE_SERVER], {}, ["/"]));
  adhelm.push(
    await measure(
      ["scripts/start.ts"],
      { NODE_ENV: "production", AUTH_SECRET, DATABASE_URL: "", LOG_LEVEL: "warn", SEED_DEMO: "false" },
      WARMUP_PATHS,
    ),
  );
  // start.ts rebuilds when a source is newer than the build, which would spoil the cold start.
  if (statSync(buildFile).mtimeMs !== builtAt) throw new Error("The build changed during the run; run again.");
}

const format = (values: number[], unit: string, digits: number) =>
  `${median(values).toFixed(digits)} ${unit}  (runs: ${values.map((value) => value.toFixed(digits)).join(", ")})`;
const rows: Array<[string, string]> = [
  [
    "cold start, node:http (spawn → 200)",
    format(
      bare.map((sample) => sample.coldStartMs),
      "ms",
      0,
    ),
  ],
  [
    "cold start, Adhelm (spawn → 200 on /)",
    format(
      adhelm.map((sample) => sample.coldStartMs),
      "ms",
      0,
    ),
  ],
  [
    "idle RSS, node:http",
    format(
      bare.map((sample) => sample.idleRssMegabytes),
      "MB",
      1,
    ),
  ],
  [
    "idle RSS, Adhelm (after warm-up)",
    format(
      adhelm.map((sample) => sample.idleRssMegabytes),
      "MB",
      1,
    ),
  ],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${RUNS} runs each, ${WARMUP_REQUESTS} warm-up requests, build ${BUILD_DIR}`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
const ratio = (pick: (sample: Sample) => number) => (median(adhelm.map(pick)) / median(bare.map(pick))).toFixed(2);
console.log(
  `Adhelm / node:http: cold start ${ratio((sample) => sample.coldStartMs)}×, idle RSS ${ratio((sample) => sample.idleRssMegabytes)}×`,
);
