// One bench:crash run: the production server as a child process, the sandbox in this process,
// the write load, `kills` kill -9s at seeded random moments, then the checks.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CrashFindings, checkAfterCrashes } from "./crash-checks.ts";
import { bareNodeStartMs, serverProcess } from "./crash-process.ts";
import { startCrashSandbox } from "./crash-sandbox.ts";
import { setUpCrashWorld } from "./crash-setup.ts";
import { newLedger, startWorkload } from "./crash-workload.ts";

export interface CrashRunOptions {
  kills: number;
  seed: number;
  buildDir: string;
  /** A fresh PostgreSQL database for the app, or nothing for SQLite in the run's folder. */
  databaseUrl?: string;
  /** The campaigns screen's action is driven too (the real build only). */
  withUiActions: boolean;
  appPort: number;
  sandboxPort: number;
  /** Load between kills, at random within this range. */
  minUpMs?: number;
  maxUpMs?: number;
  /** How long unanswered API writes are retried with their keys after the last restart. */
  drainMs?: number;
  /** Where the run's folders go (the OS's temp folder by default). */
  parentDir?: string;
  campaigns?: number;
  log?: (line: string) => void;
}

export interface CrashRunResult extends CrashFindings {
  kills: number;
  unanswered: number;
  apiWrites: number;
  uiWrites: number;
  undos: number;
  backfillsQueued: number;
  mutationsSent: number;
  healthyMs: number[];
  /** A bare node:http server's spawn-to-200 on the same machine in the same run (best of 3). */
  bareStartMs: number;
}

/** A small seeded generator (mulberry32), so a run's kill moments can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function runCrashBench(options: CrashRunOptions): Promise<CrashRunResult> {
  const log = options.log ?? (() => {});
  const campaigns = options.campaigns ?? 20;
  const parent = options.parentDir ?? os.tmpdir();
  mkdirSync(parent, { recursive: true });
  const runDir = mkdtempSync(path.join(parent, "adhelm-crash-"));
  const dataDir = path.join(runDir, "data");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const appUrl = `http://127.0.0.1:${options.appPort}`;
  const secret = randomBytes(48).toString("base64url");
  const sandbox = await startCrashSandbox({
    dataDir: runDir,
    port: options.sandboxPort,
    secret,
    appUrl,
    campaigns,
  });
  const env: Record<string, string> = {
    NODE_ENV: "production",
    AUTH_SECRET: secret,
    PORT: String(options.appPort),
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    BUILD_DIR: options.buildDir,
    LOG_LEVEL: "fatal",
    SEED_DEMO: "false",
    ADS_SANDBOX: "true",
    ADS_SANDBOX_URL: sandbox.root,
    PAYMENTS_SANDBOX: "true",
    API_RATE_LIMIT_PER_MINUTE: "1000000000",
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: "100000",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const server = serverProcess({ port: options.appPort, env });
  const random = seededRandom(options.seed);
  const minUpMs = options.minUpMs ?? 300;
  const maxUpMs = options.maxUpMs ?? 1_500;
  let world: Awaited<ReturnType<typeof setUpCrashWorld>> | null = null;
  try {
    await server.start();
    world = await setUpCrashWorld({ appUrl, env, sandbox, campaigns });
    log(`set up: ${world.campaignIds.length} campaigns synced; ${options.kills} kills to go`);
    const ledger = newLedger();
    const workload = startWorkload(ledger, {
      baseUrl: appUrl,
      apiKey: world.apiKey,
      cookie: world.cookie,
      campaignIds: world.campaignIds,
      withUiActions: options.withUiActions,
      queueBackfill: world.queueBackfill,
      random,
    });
    const healthyMs: number[] = [];
    for (let kill = 1; kill <= options.kills; kill++) {
      await new Promise((resolve) => setTimeout(resolve, minUpMs + random() * (maxUpMs - minUpMs)));
      await server.kill();
      healthyMs.push(await server.start());
      if (kill % 10 === 0 || kill === options.kills)
        log(`kill ${kill}: healthy after ${Math.round(healthyMs.at(-1)!)} ms; ${ledger.apiWrites.length} API writes`);
    }
    const { unanswered } = await workload.stop(options.drainMs ?? 5_000);
    await server.stop();
    const bareStartMs = await bareNodeStartMs(options.appPort);
    const findings = await checkAfterCrashes(world.database, world.organizationId, ledger, sandbox);
    return {
      ...findings,
      kills: options.kills,
      unanswered,
      apiWrites: ledger.apiWrites.length,
      uiWrites: ledger.uiWrites.length,
      undos: ledger.undos.length,
      backfillsQueued: ledger.backfillsQueued,
      mutationsSent: sandbox.mutations.length,
      healthyMs,
      bareStartMs,
    };
  } finally {
    await server.stop().catch(() => undefined);
    await world?.close().catch(() => undefined);
    await sandbox.close();
    rmSync(runDir, { recursive: true, force: true });
  }
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export function formatCrashResult(label: string, result: CrashRunResult): string {
  const lines = [
    `${label}: kills ${result.kills}, acknowledged writes ${result.acknowledged}, lost ${result.lost.length}, duplicated ${result.duplicated.length}, integrity failures ${result.integrityFailures.length}, time to healthy p50 ${Math.round(percentile(result.healthyMs, 0.5))} ms / max ${Math.round(Math.max(0, ...result.healthyMs))} ms`,
    `  time to healthy vs a bare node:http server's start in this run (${Math.round(result.bareStartMs)} ms): p50 ${(percentile(result.healthyMs, 0.5) / result.bareStartMs).toFixed(1)}×, max ${(Math.max(0, ...result.healthyMs) / result.bareStartMs).toFixed(1)}×`,
    `  platform changes with no change log entry (sent, then the app died before logging): ${result.unloggedPlatformChanges.length}; entries left "interrupted" by a kill: ${result.interrupted}`,
    `  load: ${result.apiWrites} API PUTs (${result.unanswered} never answered), ${result.uiWrites} budget changes, ${result.undos} undos, ${result.backfillsQueued} backfills queued, ${result.mutationsSent} platform mutations`,
    ...[...result.lost, ...result.duplicated, ...result.integrityFailures, ...result.unloggedPlatformChanges]
      .slice(0, 20)
      .map((line) => `  ! ${line}`),
  ];
  return lines.join("\n");
}
