// One bench:load run: the production server as a child process, the sandbox in this process,
// organizations and users made through the app, then every user browsing and calling the API
// for `seconds` while backfills run, and the figures per page.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverProcess } from "./crash-process.ts";
import { seededRandom } from "./crash-run.ts";
import { startCrashSandbox } from "./crash-sandbox.ts";
import type { CrashWorld } from "./crash-setup.ts";
import { type ProcessFigures, sampleProcess } from "./load-sampler.ts";
import { type LoadUser, setUpLoadUsers } from "./load-users.ts";

export interface LoadRunOptions {
  users: number;
  seconds: number;
  organizations: number;
  campaignsPerOrganization: number;
  /** A user's pause between two requests, at random up to twice this (1 s on average by default). */
  thinkMs: number;
  buildDir: string;
  databaseUrl?: string;
  appPort: number;
  sandboxPort: number;
  log: (line: string) => void;
}

export interface PageFigures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadRunResult {
  pages: Record<string, PageFigures>;
  errors: string[];
  server: ProcessFigures;
  rssIdleMb: number;
  backfillsQueued: number;
  seconds: number;
}

const PAGES = [
  "dashboard",
  "campaigns table (filters)",
  "campaign page",
  "campaigns CSV",
  "API GET /campaigns",
  "API PUT /campaigns/{id}",
] as const;
type Page = (typeof PAGES)[number];

function percentile(sorted: number[], fraction: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export async function runLoadBench(options: LoadRunOptions): Promise<LoadRunResult> {
  const parent = path.join(os.tmpdir());
  const runDir = mkdtempSync(path.join(parent, "adhelm-load-"));
  const dataDir = path.join(runDir, "data");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const appUrl = `http://127.0.0.1:${options.appPort}`;
  const secret = randomBytes(48).toString("base64url");
  const sandbox = await startCrashSandbox({
    dataDir: runDir,
    port: options.sandboxPort,
    secret,
    appUrl,
    campaigns: options.campaignsPerOrganization,
  });
  const env: Record<string, string> = {
    NODE_ENV: "production",
    AUTH_SECRET: secret,
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    BUILD_DIR: options.buildDir,
    LOG_LEVEL: "error",
    SEED_DEMO: "false",
    ADS_SANDBOX: "true",
    ADS_SANDBOX_URL: sandbox.root,
    PAYMENTS_SANDBOX: "true",
    API_RATE_LIMIT_PER_MINUTE: "1000000000",
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "100000",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const server = serverProcess({ port: options.appPort, env });
  let organizations: CrashWorld[] = [];
  try {
    await server.start();
    const made = await setUpLoadUsers({
      appUrl,
      env,
      sandbox,
      organizations: options.organizations,
      users: options.users,
      campaignsPerOrganization: options.campaignsPerOrganization,
      log: options.log,
    });
    organizations = made.organizations;
    const pid = server.pid();
    if (!pid) throw new Error("The server is not running");
    const rssIdle = sampleProcess(pid).stop().rssEndMb;

    const latencies = new Map<Page, number[]>(PAGES.map((page) => [page, []]));
    const errorCounts = new Map<Page, number>(PAGES.map((page) => [page, 0]));
    const errors: string[] = [];
    const random = seededRandom(42);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const deadline = Date.now() + options.seconds * 1000;
    let backfillsQueued = 0;

    const timed = async (page: Page, url: string, init: RequestInit, isOk: (status: number) => boolean) => {
      const startedAt = performance.now();
      try {
        const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        latencies.get(page)!.push(performance.now() - startedAt);
        if (!isOk(response.status)) {
          errorCounts.set(page, errorCounts.get(page)! + 1);
          if (errors.length < 20) errors.push(`${page}: ${init.method ?? "GET"} ${url} answered ${response.status}`);
        }
      } catch (error) {
        errorCounts.set(page, errorCounts.get(page)! + 1);
        if (errors.length < 20) errors.push(`${page}: ${url}: ${error instanceof Error ? error.message : error}`);
      }
    };

    const visit = async (user: LoadUser) => {
      const { organization } = user;
      const browser = { headers: { cookie: user.cookie } };
      const api = { authorization: `Bearer ${organization.apiKey}` };
      const campaignId = pick(organization.campaignIds);
      const roll = random();
      const is200 = (status: number) => status === 200;
      if (roll < 0.25) await timed("dashboard", `${appUrl}/dashboard`, browser, is200);
      else if (roll < 0.45) {
        const filters = pick([
          "status=enabled",
          "status=paused",
          "q=search",
          "sort=spend&dir=desc",
          "platform=google-ads",
        ]);
        await timed("campaigns table (filters)", `${appUrl}/campaigns/mes-ads?${filters}`, browser, is200);
      } else if (roll < 0.6) await timed("campaign page", `${appUrl}/campaigns/mes-ads/${campaignId}`, browser, is200);
      else if (roll < 0.65)
        await timed("campaigns CSV", `${appUrl}/exports/campaigns.csv?status=enabled`, browser, is200);
      else if (roll < 0.9)
        await timed("API GET /campaigns", `${appUrl}/api/v1/campaigns?limit=50`, { headers: api }, is200);
      else
        await timed(
          "API PUT /campaigns/{id}",
          `${appUrl}/api/v1/campaigns/${campaignId}`,
          {
            method: "PUT",
            headers: { ...api, "content-type": "application/json", "idempotency-key": randomUUID() },
            body: JSON.stringify({ name: `Load ${randomUUID().slice(0, 8)}` }),
          },
          is200,
        );
    };

    const sampler = sampleProcess(pid);
    const startedAt = performance.now();
    const userLoops = made.users.map(async (user) => {
      // Users arrive over the first think time rather than all in the same millisecond.
      await new Promise((resolve) => setTimeout(resolve, random() * options.thinkMs));
      while (Date.now() < deadline) {
        await visit(user);
        await new Promise((resolve) => setTimeout(resolve, random() * 2 * options.thinkMs));
      }
    });
    const syncLoop = (async () => {
      while (Date.now() < deadline) {
        for (const organization of organizations)
          if (await organization.queueBackfill().catch(() => false)) backfillsQueued++;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    })();
    await Promise.all([...userLoops, syncLoop]);
    const seconds = (performance.now() - startedAt) / 1000;
    const figures = sampler.stop();

    const pages: Record<string, PageFigures> = {};
    for (const page of PAGES) {
      const sorted = latencies.get(page)!.sort((a, b) => a - b);
      pages[page] = {
        requests: sorted.length,
        errors: errorCounts.get(page)!,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
      };
    }
    return { pages, errors, server: figures, rssIdleMb: rssIdle, backfillsQueued, seconds };
  } finally {
    await server.stop().catch(() => undefined);
    for (const organization of organizations) await organization.close().catch(() => undefined);
    await sandbox.close();
    rmSync(runDir, { recursive: true, force: true });
  }
}

export function formatLoadResult(label: string, options: LoadRunOptions, result: LoadRunResult): string {
  const total = Object.values(result.pages).reduce((sum, page) => sum + page.requests, 0);
  const errors = Object.values(result.pages).reduce((sum, page) => sum + page.errors, 0);
  const ms = (value: number) => `${Math.round(value)}`.padStart(6);
  const lines = [
    `${label}: ${options.users} users in ${options.organizations} organizations (${options.campaignsPerOrganization} campaigns × 90 days each), ${Math.round(result.seconds)} s, think time ≈ ${options.thinkMs} ms`,
    `  ${total} requests (${(total / result.seconds).toFixed(0)} req/s), ${errors} errors, ${result.backfillsQueued} backfills queued`,
    `  ${"page".padEnd(26)} ${"requests".padStart(8)} ${"errors".padStart(6)}  p50 ms  p95 ms  p99 ms`,
    ...Object.entries(result.pages).map(
      ([page, figures]) =>
        `  ${page.padEnd(26)} ${String(figures.requests).padStart(8)} ${String(figures.errors).padStart(6)}  ${ms(figures.p50)}  ${ms(figures.p95)}  ${ms(figures.p99)}`,
    ),
    `  server: CPU ${(result.server.cpuCores * 100).toFixed(0)}% of a core on average; RSS ${Math.round(result.rssIdleMb)} MB before the load, ${Math.round(result.server.rssMaxMb)} MB at most, ${Math.round(result.server.rssEndMb)} MB at the end`,
    ...result.errors.slice(0, 10).map((line) => `  ! ${line}`),
  ];
  const p99 = Math.max(...Object.values(result.pages).map((page) => page.p99));
  lines.push(
    `  goal 0 errors: ${errors === 0 ? "met" : "NOT met"}; p99 ≤ 100 ms: ${p99 <= 100 ? "met" : `NOT met (worst ${Math.round(p99)} ms)`}; RSS ≤ 300 MB: ${result.server.rssMaxMb <= 300 ? "met" : "NOT met"}`,
  );
  return lines.join("\n");
}
