import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/free-port.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";

let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(() => {
  child?.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function startProcess(port: number, extraEnv: Record<string, string> = {}) {
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "lifecycle-"));
  const started = spawn(process.execPath, ["scripts/start.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = started;
  let output = "";
  started.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  started.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => started.once("exit", resolve));
  return { process: started, exited, output: () => output };
}

/** Waits for the server to answer; a busy machine may take seconds to boot, a crashed one never will. */
async function waitForHealth(url: string, server: Awaited<ReturnType<typeof startProcess>>): Promise<Response> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`The server exited before answering:\n${server.output()}`);
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered. Server output:\n${server.output()}`);
}

describe("the server process", () => {
  it("finishes in-flight requests on SIGTERM and exits 0", async () => {
    const port = await freePort();
    const server = await startProcess(port);
    expect((await waitForHealth(`http://127.0.0.1:${port}/healthz`, server)).status).toBe(200);

    const inFlight = Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/pricing`));
    server.process.kill("SIGTERM");
    const responses = await Promise.allSettled(inFlight);
    const finished = responses.filter((result) => result.status === "fulfilled");
    for (const result of finished) expect(result.value.status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("logs the path of every missing page", async () => {
    const port = await freePort();
    const server = await startProcess(port, { LOG_LEVEL: "warn" });
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, server);
    for (const path of ["/no-such-page", "/legal/not-a-document"]) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(404);
    }
    await expect.poll(server.output).toMatch(/"path":"\/legal\/not-a-document".*"msg":"page not found"/);
    expect(server.output()).toMatch(/"path":"\/no-such-page".*"msg":"page not found"/);
  });

  it("refuses to boot on a bad variable and names it", async () => {
    const server = await startProcess(0, { PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT:");
  });
});
