// npm run bench: measures what the foundation promises, against the production build.
//   cold start (spawn → /healthz 200), idle memory (RSS after warm-up), gzipped JS of the landing
//   route, and latency of the landing page and /healthz. Prints a table; never part of npm test.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "../scripts/build-if-stale.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kilobytes / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function latency(url: string): Promise<{ p50: number; p95: number; perSecond: number }> {
  const timings: number[] = [];
  const startedAt = performance.now();
  for (let index = 0; index < REQUESTS; index++) {
    const began = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    timings.push(performance.now() - began);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), perSecond: REQUESTS / seconds };
}

const buildStartedAt = performance.now();
buildIfStale(() => {});
const buildMs = performance.now() - buildStartedAt;

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-"));
const startedAt = performance.now();
const child = spawn(process.execPath, ["scripts/start.ts"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const baseUrl = `http://127.0.0.1:${port}`;

try {
  let coldStartMs = 0;
  for (let attempt = 0; attempt < 300; attempt++) {
    const isUp = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) {
      coldStartMs = performance.now() - startedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!coldStartMs) throw new Error("The server did not come up within 6 seconds");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const startRss = rssMegabytes(child.pid ?? 0);

  const landingHtml = await (await fetch(`${baseUrl}/`)).text();
  const scripts = [...new Set([...landingHtml.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]))];
  let rawBytes = 0;
  let gzippedBytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${baseUrl}${script}`)).arrayBuffer());
    rawBytes += body.length;
    gzippedBytes += gzipSync(body, { level: 9 }).length;
  }

  const landing = await latency(`${baseUrl}/`);
  const health = await latency(`${baseUrl}/healthz`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRss = rssMegabytes(child.pid ?? 0);

  const rows: Array<[string, string]> = [
    ["build (skipped when fresh)", `${buildMs.toFixed(0)} ms`],
    ["cold start to /healthz 200", `${coldStartMs.toFixed(0)} ms`],
    ["idle memory (RSS) after start", `${startRss.toFixed(1)} MB`],
    ["idle memory (RSS) after the latency runs", `${idleRss.toFixed(1)} MB`],
    [
      "landing JS (files, raw, gzip)",
      `${scripts.length} files, ${(rawBytes / 1024).toFixed(1)} KB, ${(gzippedBytes / 1024).toFixed(1)} KB gzip`,
    ],
    [
      `GET / p50 / p95 (${REQUESTS} sequential)`,
      `${landing.p50.toFixed(2)} / ${landing.p95.toFixed(2)} ms, ${landing.perSecond.toFixed(0)} req/s`,
    ],
    [
      `GET /healthz p50 / p95`,
      `${health.p50.toFixed(2)} / ${health.p95.toFixed(2)} ms, ${health.perSecond.toFixed(0)} req/s`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
