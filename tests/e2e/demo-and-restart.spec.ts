import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#core/db/database.ts";
import { createMarketEngine } from "#simulator/market-engine.ts";
import { createSandboxStateRepository } from "#simulator/sandbox-state-repository.ts";
import { freePort } from "#tests/support/free-port.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";

const DEMO_EMAIL = "demo@adhelm.local";
const DEMO_PASSWORD = "Adhelm-demo-2026";
/**
 * Each test starts real servers and waits for real syncs (its own waits allow a minute): on a busy
 * machine that takes longer than the suite's 30 s per test.
 */
const SERVER_TEST_TIMEOUT = 150_000;

let children: ChildProcess[] = [];
let dataDir: string | undefined;

afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children = [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** `npm start`'s server on SQLite in its own DATA_DIR, as a newcomer runs it (the demo is on by default). */
async function startServer(port: number, extraEnv: Record<string, string> = {}) {
  dataDir ??= mkdtempSync(path.join(TEST_DATA_DIR, "demo-"));
  const { DATABASE_URL: _ignored, SEED_DEMO: _default, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.ts"], {
    env: {
      ...inherited,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url, output: () => output };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

function database() {
  return openDatabase({ sqliteFile: path.join(dataDir ?? "", "adhelm.db") });
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a fresh install", () => {
  it(
    "creates a demo organization whose Google Ads, Meta and Shopify data is already flowing",
    async () => {
      const server = await startServer(await freePort());
      await waitFor(async () =>
        server.output().includes(`Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`) ? true : undefined,
      );
      const cookie = await signIn(server.url);
      const dashboard = await waitFor(async () => {
        const html = await (await fetch(`${server.url}/dashboard`, { headers: { cookie } })).text();
        return /Total Spend[\s\S]*?\$[1-9][\d,]*\.\d\d/.test(html) ? html : undefined;
      });
      expect(dashboard).toMatch(/Platforms[\s\S]*?>3</);
      const integrations = await (await fetch(`${server.url}/integrations`, { headers: { cookie } })).text();
      for (const name of ["Google Ads", "Meta", "Shopify"]) expect(integrations).toContain(name);

      // A second start on the same data seeds nothing again.
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
      const again = await startServer(await freePort());
      expect(again.output()).not.toContain("Demo account:");
      const handle = database();
      try {
        const users = await handle.db.selectFrom("user").select("email").execute();
        expect(users).toEqual([{ email: DEMO_EMAIL }]);
        // One company throughout: the organization and every synced ad account carry its name.
        const organizations = await handle.db.selectFrom("organization").select("name").execute();
        expect(organizations).toEqual([{ name: "Northwind Outdoor" }]);
        const accounts = await handle.db.selectFrom("ad_accounts").select("name").execute();
        expect(accounts.length).toBeGreaterThan(0);
        for (const { name } of accounts) expect(name).toMatch(/^Northwind Outdoor – /);
      } finally {
        await handle.close();
      }
    },
    SERVER_TEST_TIMEOUT,
  );

  it(
    "resumes a backfill after the process is killed mid-sync, and loses nothing",
    async () => {
      dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "demo-"));
      // Every sandbox call takes a while, so the kill lands in the middle of the backfill.
      const cli = spawnSync(process.execPath, ["scripts/sandbox.ts", "faults", "add", "slow", "--delay-ms", "150"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(cli.status).toBe(0);
      const first = await startServer(await freePort(), { ADS_SANDBOX_SHAPE: "2x20" });
      const handle = database();
      try {
        const interrupted = await waitFor(async () => {
          const run = await handle.db
            .selectFrom("sync_runs")
            .innerJoin("connections", "connections.id", "sync_runs.connection_id")
            .where("connections.platform", "=", "google-ads")
            .select(["sync_runs.id", "sync_runs.steps_done", "sync_runs.steps_total", "sync_runs.status"])
            .executeTakeFirst();
          const done = run ? (JSON.parse(run.steps_done) as string[]).length : 0;
          return run && done >= 2 && done < run.steps_total ? run : undefined;
        });
        first.child.kill("SIGKILL");
        await new Promise((resolve) => first.child.once("exit", resolve));
        expect(interrupted.status).toBe("running");

        spawnSync(process.execPath, ["scripts/sandbox.ts", "faults", "clear"], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        });
        await startServer(await freePort(), { ADS_SANDBOX_SHAPE: "2x20" });
        const resumed = await waitFor(async () => {
          const run = await handle.db
            .selectFrom("sync_runs")
            .selectAll()
            .where("id", "=", interrupted.id)
            .executeTakeFirstOrThrow();
          return run.status === "succeeded" ? run : undefined;
        });
        // The same run finished: nothing started over, every step done once.
        expect(JSON.parse(resumed.steps_done)).toHaveLength(resumed.steps_total);

        const connection = await handle.db
          .selectFrom("connections")
          .select(["id", "organization_id"])
          .where("platform", "=", "google-ads")
          .executeTakeFirstOrThrow();
        const stored = await handle.db
          .selectFrom("campaign_daily_metrics")
          .innerJoin("campaigns", "campaigns.id", "campaign_daily_metrics.campaign_id")
          .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
          .where("ad_accounts.connection_id", "=", connection.id)
          .where("campaign_daily_metrics.date", ">=", resumed.window_from)
          .where("campaign_daily_metrics.date", "<=", resumed.window_to)
          .select((eb) => [
            eb.fn.countAll<number>().as("rows"),
            eb.fn.sum<number>("campaign_daily_metrics.spend_minor").as("spend"),
          ])
          .executeTakeFirstOrThrow();
        const engine = createMarketEngine({
          state: createSandboxStateRepository(handle.db),
          shapeFor: () => ({ accounts: 2, campaignsPerAccount: 20 }),
        });
        const listed = new Set(
          (
            await handle.db
              .selectFrom("campaigns")
              .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
              .where("ad_accounts.connection_id", "=", connection.id)
              .select("campaigns.external_id")
              .execute()
          ).map((row) => row.external_id),
        );
        let rows = 0;
        let spend = 0;
        for (const account of engine.listAccounts(connection.organization_id, "google-ads")) {
          for (const row of await engine.dailyMetrics(connection.organization_id, "google-ads", account.id, {
            from: resumed.window_from,
            to: resumed.window_to,
          })) {
            if (!listed.has(row.campaignId)) continue;
            rows += 1;
            spend += row.spendMinor;
          }
        }
        expect(Number(stored.rows)).toBe(rows);
        expect(Number(stored.spend)).toBe(spend);
      } finally {
        await handle.close();
      }
    },
    SERVER_TEST_TIMEOUT,
  );
});
