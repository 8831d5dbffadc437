// The app as a child process on a fixed port: started, killed with SIGKILL, started again.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./crash-server-entry.ts", import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  /** Starts the server and waits for /healthz 200; returns the milliseconds that took. */
  start(): Promise<number>;
  /** kill -9, and waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), for the end of the run. */
  stop(): Promise<void>;
  pid(): number | undefined;
}

export function serverProcess(options: { port: number; env: Record<string, string> }): ServerProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  // The server never outlives the harness (a bench stopped with Ctrl-C, a failed test).
  process.once("exit", () => child?.kill("SIGKILL"));
  const isHealthy = () =>
    fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
  const end = async (signal: NodeJS.Signals) => {
    if (!child) return;
    child.kill(signal);
    await exited;
    child = null;
  };
  return {
    baseUrl,
    pid: () => child?.pid,
    async start() {
      const startedAt = performance.now();
      const started = spawn(process.execPath, [ENTRY], {
        env: { ...process.env, ...options.env, PORT: String(options.port), HOST: "127.0.0.1" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      started.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4_000);
      });
      child = started;
      exited = new Promise((resolve) => started.once("exit", () => resolve()));
      let hasExited = false;
      void exited.then(() => {
        hasExited = true;
      });
      // Generous: a cold start on two cores shared with a busy CI can take tens of seconds.
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (hasExited) throw new Error(`The server exited during start (code ${started.exitCode}):\n${stderr}`);
        if (await isHealthy()) return performance.now() - startedAt;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`The server did not answer /healthz within 180 s:\n${stderr}`);
    },
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
  };
}

/**
 * The baseline for time to healthy: a bare node:http server that answers 200 at once, spawned the
 * same way on the same machine, from spawn to its first 200 (best of `runs`).
 */
export async function bareNodeStartMs(port: number, runs = 3): Promise<number> {
  const source = `require("node:http").createServer((_, response) => response.end("ok")).listen(${port}, "127.0.0.1")`;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const startedAt = performance.now();
    const child = spawn(process.execPath, ["-e", source], { stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for (;;) {
      const isUp = await fetch(`http://127.0.0.1:${port}/`).then(
        async (response) => {
          await response.body?.cancel();
          return response.ok;
        },
        () => false,
      );
      if (isUp) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    best = Math.min(best, performance.now() - startedAt);
    child.kill("SIGKILL");
    await exited;
  }
  return best;
}
