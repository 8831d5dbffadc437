import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export interface ProductionServer {
  baseUrl: string;
  /** The server's throwaway DATA_DIR (its database and mail outbox). */
  dataDir: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  coldStartMs: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `npm start`'s server on the production build, on a free port and a throwaway DATA_DIR. */
export async function startProductionServer(extraEnv: Record<string, string> = {}): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "adhelm-bench-"));
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const isUp = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { baseUrl, dataDir, child, coldStartMs: performance.now() - startedAt, stop };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error("The server did not come up within 30 seconds");
}
