// npm run bench: measures what the foundation promises, against the production build.
//   cold start (spawn → /healthz 200), idle memory (RSS after warm-up), gzipped JS of the landing
//   route, and latency of the landing page and /healthz. Prints a table; never part of npm test.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "#scripts/build-if-stale.ts";
import { startProductionServer } from "./production-server.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

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

const server = await startProductionServer();
const { baseUrl, child, coldStartMs } = server;

try {
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
  await server.stop();
}
