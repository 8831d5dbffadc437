/**
 * Graceful degradation (issue 22 §4): the database briefly out of reach. Requests fail cleanly (a
 * 503 that says so, a page in the reader's language that reloads itself) and succeed again once it
 * is back, without restarting the server. PostgreSQL: its connections are killed
 * (pg_terminate_backend), then cut for a while by a proxy between the server and the database.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { freePort } from "#tests/support/free-port.ts";
import { prepareStubProduction, type StubProduction } from "#tests/support/stub-production.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { type RunningServer, startServer } from "./main.ts";

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DOWN_MESSAGE = "We can't reach the database right now; changes are paused. This page will recover on its own.";

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startCuttableProxy(target: URL) {
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client).add(upstream);
    for (const socket of [client, upstream]) {
      socket.on("error", () => {});
      socket.on("close", () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stub: StubProduction | undefined;
let proxy: Awaited<ReturnType<typeof startCuttableProxy>> | undefined;
let server: RunningServer | undefined;
let url = "";
let databaseUrl = "";

beforeAll(async () => {
  if (!isPostgres) return;
  stub = await prepareStubProduction("db-outage");
  databaseUrl = stub.databaseEnv.DATABASE_URL ?? "";
  const direct = new URL(databaseUrl);
  proxy = await startCuttableProxy(direct);
  const throughProxy = new URL(databaseUrl);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer({
    env: testEnv({
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: path.join(stub.root, "data"),
      DATABASE_URL: throughProxy.toString(),
      SEED_DEMO: "false",
      ADS_SANDBOX: "false",
    }),
    buildDir: stub.buildDir,
    logger: createLogger({ level: "silent", isPretty: false }),
  });
}, 120_000);

afterAll(async () => {
  proxy?.restore();
  await server?.stop();
  await proxy?.close();
  await stub?.remove();
}, 60_000);

/** An API call that reads and writes the database (an anonymous caller's rate-limit counter). */
async function apiCall(): Promise<{ status: number; code: string | undefined }> {
  const response = await fetch(`${url}/api/v1/campaigns`, { headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  if (response.status === 503) expect(body.error?.message).toBe(DOWN_MESSAGE);
  return { status: response.status, code: body.error?.code };
}

async function untilStatus(expected: number, timeoutMs = 30_000): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { status } = await apiCall();
    seen.push(status);
    if (status === expected) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never answered ${expected}: ${seen.join(", ")}`);
}

describe.skipIf(!isPostgres)("the database briefly out of reach", () => {
  it("answers cleanly while its connections are killed, then recovers on its own", async () => {
    expect((await apiCall()).status).toBe(401);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
    } finally {
      await admin.end();
    }
    // Every answer meanwhile is the normal one or the clear 503; none is a 500.
    const seen = await untilStatus(401);
    expect(seen.filter((status) => status !== 401 && status !== 503)).toEqual([]);
  });

  it("shows a 503 that says what is wrong while it is unreachable, and serves again once it is back", async () => {
    proxy?.cut();
    const seen = await untilStatus(503);
    expect(seen.filter((status) => status !== 401 && status !== 503)).toEqual([]);

    const page = await fetch(`${url}/dashboard`, { headers: { accept: "text/html", "accept-language": "de" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Wir erreichen die Datenbank gerade nicht; Änderungen sind pausiert.");
    expect(html).toContain('<meta http-equiv="refresh"');
    expect((await fetch(`${url}/healthz`)).status).toBe(503);

    // Back: the pool reconnects, nothing restarts.
    proxy?.restore();
    await untilStatus(401);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const after = await fetch(`${url}/dashboard`, { headers: { accept: "text/html" } });
    expect(after.status).not.toBe(503);
  }, 60_000);
});
