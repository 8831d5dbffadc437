// npm run bench:sync: how fast a sync writes, and how soon a new connection shows numbers.
//   1. Rows per second for a 500-campaign × 400-day Google Ads backfill through the sandbox over HTTP,
//      on SQLite and (with BENCH_DATABASE_URL=postgres://…/postgres) on PostgreSQL: campaign level only
//      (goal ≥ 75,000/s on SQLite) and with the ad level (ad groups, ads and ad-days; goal ≥ 50,000/s);
//      each run also times a bare prepared insert of the same rows (bench/sync-bare-insert.ts), and
//      prints the ratio (meaningful on a busy machine).
//   2. Seconds from pressing Connect to the first numbers on the dashboard, 50 campaigns × 90 days,
//      against the production server (`npm start`) driven over HTTP like a browser. Goal ≤ 5 s.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
import { createLogger } from "#adapters/logger.ts";
import { createConnectorRegistry } from "#connectors/connector-registry.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import { saveAdPlatformGrant } from "#core/connections/save-grant.ts";
import { type DatabaseHandle, openDatabase } from "#core/db/database.ts";
import { migrateToLatest } from "#core/db/migrate.ts";
import { createOrganizationRepository } from "#core/organizations/organization-repository.ts";
import { createTokenCipher } from "#core/security/token-cipher.ts";
import { createAdSyncRepository } from "#core/sync/ad-sync-repository.ts";
import { createAdsClock } from "#core/sync/ads-clock.ts";
import { syncConnection } from "#core/sync/sync-connection.ts";
import { createSyncRepository } from "#core/sync/sync-repository.ts";
import { sandboxCredentialsFor, sandboxHostOptions } from "#server/sandbox-host.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { createSandboxApp } from "#simulator/sandbox-app.ts";
import { startProductionServer } from "./production-server.ts";
import { bareInsertAll } from "./sync-bare-insert.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const SECRET = "bench-sync-secret-0123456789abcdefghij";

function cpuSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/**
 * One 500-campaign × 400-day Google Ads backfill through the sandbox over HTTP. `withAds`: the sync
 * also writes the ad level (ad groups, ads, ad-days), as every sync does in the product.
 */
async function measureBackfill(label: string, database: DatabaseHandle & { url?: string }, withAds: boolean) {
  await migrateToLatest(database.db);
  const sandbox = createSandboxApp({
    ...sandboxHostOptions(database.db),
    secret: SECRET,
    platforms: { "google-ads": createGoogleAdsSandbox },
    shapeFor: () => ({ accounts: 1, campaignsPerAccount: 500 }),
  });
  const host = new Hono();
  host.route("/sandbox", sandbox.app);
  const server = serve({ fetch: host.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  try {
    const userId = randomUUID();
    await database.db
      .insertInto("user")
      .values({ id: userId, name: "Bench", email: `${userId}@bench.test`, emailVerified: true })
      .execute();
    const { organizationId } = await createOrganizationRepository(database.db).createWithOwner({
      name: "Bench",
      ownerId: userId,
    });
    const connectors = createConnectorRegistry(
      { ADS_SANDBOX: true, ADS_SANDBOX_URL: root },
      { sandboxCredentials: sandboxCredentialsFor({ AUTH_SECRET: SECRET }) },
    );
    const issued = sandbox.kit.credentials.issueTokens({
      tenant: organizationId,
      platform: "google-ads",
      accessTtlSeconds: 3600,
      withRefreshToken: true,
    });
    const tokens = {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: new Date(Date.now() + 3_600_000),
      context: {},
    };
    const connections = createConnectionRepository(database.db);
    const syncs = createSyncRepository(database.db);
    const cipher = createTokenCipher(SECRET);
    const { connectionId } = await saveAdPlatformGrant(
      { connections, connectors, cipher },
      { organizationId, userId, platform: "google-ads", tokens },
    );

    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    // As the job queue runs it: a temporary failure (an answer cut off on a loaded machine) is tried
    // again at once, and the attempt resumes the run where it stopped; the retries count in the time.
    let outcome = "retry";
    let attempts = 0;
    const maxAttempts = 5;
    while (outcome === "retry" && attempts < maxAttempts) {
      attempts += 1;
      ({ outcome } = await syncConnection(
        {
          connections,
          syncs,
          ...(withAds ? { ads: createAdSyncRepository(database.db) } : {}),
          connectors,
          cipher,
          clock: createAdsClock(),
          logger,
          backfillDays: 400,
        },
        { organizationId, connectionId, kind: "backfill" },
        { attempt: attempts, maxAttempts },
      ));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSince(cpuStarted);
    const [run] = await syncs.listRuns(organizationId, connectionId, 1);
    if (outcome !== "succeeded" || !run) throw new Error(`The backfill ${outcome}: ${run?.error}`);

    // The same-run baseline: the same rows inserted with a bare prepared statement in one
    // transaction into tables of the same shape (key and indexes), with nothing else around it.
    const bare = await bareInsertAll(database, organizationId);
    const adRows = withAds
      ? Number(
          (
            await database.db
              .selectFrom("ad_daily_metrics")
              .select((eb) => eb.fn.countAll<number>().as("count"))
              .where("organization_id", "=", organizationId)
              .executeTakeFirst()
          )?.count ?? 0,
        )
      : 0;
    const rate = run.rowsUpserted / seconds;
    const bareRate = bare.rows / bare.seconds;
    // Per CPU second of this process: steadier than wall time when other work shares the cores.
    const cpuRate = run.rowsUpserted / cpuSeconds;
    const bareCpuRate = bare.rows / bare.cpuSeconds;
    const what = withAds
      ? `${(run.rowsUpserted - adRows).toLocaleString("en-US")} campaign-days + ${adRows.toLocaleString("en-US")} ad-days`
      : `${run.campaignsSynced} campaigns × 400 days`;
    console.log(
      `${label.padEnd(10)} ${withAds ? "with ads " : "campaigns"} backfill ${run.rowsUpserted.toLocaleString("en-US")} rows (${what}) in ${seconds.toFixed(2)} s${attempts > 1 ? ` (${attempts} attempts)` : ""} (${cpuSeconds.toFixed(2)} s CPU in this process, sandbox included) = ${Math.round(rate).toLocaleString("en-US")} rows/s end to end (${Math.round(cpuRate).toLocaleString("en-US")} per CPU second); bare prepared insert ${Math.round(bareRate).toLocaleString("en-US")} rows/s (${Math.round(bareCpuRate).toLocaleString("en-US")} per CPU second); ratio ${(rate / bareRate).toFixed(3)} (CPU ${(cpuRate / bareCpuRate).toFixed(3)})`,
    );
    return { rate, bareRate, cpuRate, bareCpuRate };
  } finally {
    server.close();
    await database.close();
  }
}

async function measureConnectToNumbers() {
  const server = await startProductionServer({ ADS_SANDBOX_SHAPE: "1x50", SEED_DEMO: "false", LOG_LEVEL: "error" });
  try {
    // The server's APP_URL is http://localhost:<port>; our Origin must match it.
    const origin = server.baseUrl.replace("127.0.0.1", "localhost");
    const email = `bench-${Date.now()}@example.test`;
    const password = "Bench-Password-1";
    const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(new URL(url, origin), { method: "POST", body, redirect: "manual", headers: { origin, ...headers } });
    const signUp = await post(
      "/api/auth/sign-up/email",
      JSON.stringify({
        email,
        password,
        confirmPassword: password,
        firstName: "Bench",
        lastName: "Mark",
        acceptTerms: true,
      }),
      { "content-type": "application/json" },
    );
    if (!signUp.ok) throw new Error(`sign-up ${signUp.status}`);
    await verifyFromOutbox(server.dataDir, email, origin);
    const signIn = await post("/api/auth/sign-in/email", JSON.stringify({ email, password }), {
      "content-type": "application/json",
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    const started = performance.now();
    const connect = await post("/integrations/google-ads/connect", new URLSearchParams(), {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    });
    const consentUrl = connect.headers.get("location") ?? "";
    const consent = await (await fetch(consentUrl, { headers: { cookie } })).text();
    const form = new URLSearchParams();
    for (const match of consent.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(match[1] ?? "", decodeEntities(match[2] ?? ""));
    form.set("decision", "allow");
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(consent)?.[1] ?? "", consentUrl);
    const allowed = await post(action.toString(), form, {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    });
    const callback = await fetch(allowed.headers.get("location") ?? "", { headers: { cookie }, redirect: "manual" });
    const picker = new URL(callback.headers.get("location") ?? "", origin);
    const connectionId = picker.searchParams.get("choose");
    // One account is chosen by itself (the connect flow skips the picker); several are ticked here.
    if (!connectionId && picker.pathname !== "/integrations")
      throw new Error(`No account picker after the callback: ${callback.status} ${picker}`);
    if (connectionId)
      await chooseEveryAccount(server.dataDir, connectionId, (body) =>
        post("/integrations", body, { cookie, "content-type": "application/x-www-form-urlencoded" }),
      );
    for (;;) {
      const dashboard = await (await fetch(new URL("/dashboard", origin), { headers: { cookie } })).text();
      const spend = /Total Spend[\s\S]*?(\$[\d,]+\.\d\d)/.exec(dashboard)?.[1];
      if (spend && spend !== "$0.00") {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `connect → first numbers on the dashboard (50 campaigns × 90 days): ${seconds.toFixed(2)} s (Total Spend ${spend})`,
        );
        return seconds;
      }
      if (performance.now() - started > 60_000) throw new Error("No numbers on the dashboard after 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await server.stop();
  }
}

/** Ticks every account of the connection in the picker, as a person would. */
async function chooseEveryAccount(
  dataDir: string,
  connectionId: string,
  submit: (body: URLSearchParams) => Promise<Response>,
) {
  // The picker lists the connection's accounts; their ids are what a person would tick.
  const accountsDatabase = openDatabase({ sqliteFile: path.join(dataDir, "adhelm.db") });
  const accountIds = (
    await accountsDatabase.db.selectFrom("ad_accounts").select("id").where("connection_id", "=", connectionId).execute()
  ).map((row) => row.id);
  await accountsDatabase.close();
  const choice = new URLSearchParams({ intent: "choose-accounts", connectionId, isFirstChoice: "true" });
  for (const id of accountIds) choice.append("adAccountIds", id);
  const chosen = await submit(choice);
  if (chosen.status >= 400) throw new Error(`choosing accounts answered ${chosen.status}`);
}

async function verifyFromOutbox(dataDir: string, email: string, origin: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const outbox = path.join(dataDir, "outbox");
    for (const file of safeList(outbox)) {
      const mail = readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!mail.includes(email)) continue;
      const token = /token_hash=([^&"\s]+)/.exec(mail)?.[1];
      if (token) {
        await fetch(new URL(`/api/auth/verify-email?token=${token}`, origin), { redirect: "manual" });
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("No verification mail in the outbox");
}

function safeList(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

// BENCH_SYNC_PART=backfill or connect runs one half (for profiling), postgres only PostgreSQL's backfill; BENCH_SYNC_RUNS backfills each database that
// many times (default 3) and keeps the best run, its ratio to the bare insert of the same run beside it.
const part = process.env.BENCH_SYNC_PART;
const runs = Math.max(1, Number(process.env.BENCH_SYNC_RUNS ?? 3));
type BackfillResult = Awaited<ReturnType<typeof measureBackfill>>;
const best = (results: BackfillResult[]) => results.reduce((top, result) => (result.rate > top.rate ? result : top));
const describeBest = (label: string, result: BackfillResult) =>
  `${label} best of ${runs}: ${Math.round(result.rate).toLocaleString("en-US")} rows/s end to end, ${(result.rate / result.bareRate).toFixed(3)} × the bare prepared insert of the same run (per CPU second ${Math.round(result.cpuRate).toLocaleString("en-US")}, ${(result.cpuRate / result.bareCpuRate).toFixed(3)} × bare)`;
// Each database is measured twice: campaign level only (issue 22's goal, ≥ 75,000 rows/s on SQLite),
// and with the ad level every product sync now writes (issue 20's goal, ≥ 50,000 rows/s on SQLite).
const LEVELS = [
  { withAds: false, name: "campaign level", goal: 75_000 },
  { withAds: true, name: "with the ad level", goal: 50_000 },
] as const;
if (part !== "connect" && part !== "postgres") {
  for (const level of LEVELS) {
    const sqliteResults = [];
    for (let index = 0; index < runs; index++) {
      const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-sync-"));
      try {
        sqliteResults.push(
          await measureBackfill(
            "SQLite",
            openDatabase({ sqliteFile: path.join(sqliteDir, "bench.db") }),
            level.withAds,
          ),
        );
      } finally {
        // BENCH_SYNC_KEEP=1 leaves the database behind, to study what the sync wrote.
        if (process.env.BENCH_SYNC_KEEP) console.log(`  kept ${sqliteDir}`);
        else rmSync(sqliteDir, { recursive: true, force: true });
      }
    }
    const sqliteBest = best(sqliteResults);
    console.log(describeBest(`SQLite, ${level.name},`, sqliteBest));
    console.log(
      `  goal ≥ ${level.goal.toLocaleString("en-US")} rows/s on SQLite: ${sqliteBest.rate >= level.goal ? "met" : "NOT met"}`,
    );
  }
}
if (part !== "connect") {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      for (const level of LEVELS) {
        const postgresResults = [];
        for (let index = 0; index < runs; index++) {
          const name = `adhelm_bench_${process.pid}_${index}`;
          await admin.query(`CREATE DATABASE ${name}`);
          try {
            const url = new URL(postgresUrl);
            url.pathname = `/${name}`;
            postgresResults.push(
              await measureBackfill(
                "PostgreSQL",
                { ...openDatabase({ databaseUrl: url.toString() }), url: url.toString() },
                level.withAds,
              ),
            );
          } finally {
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          }
        }
        console.log(describeBest(`PostgreSQL, ${level.name},`, best(postgresResults)));
      }
    } finally {
      await admin.end();
    }
  } else {
    console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres to measure it");
  }
}
if (part !== "backfill" && part !== "postgres") {
  const seconds = await measureConnectToNumbers();
  console.log(`  goal ≤ 5 s: ${seconds <= 5 ? "met" : "NOT met"}`);
}
