import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort } from "#tests/support/free-port.ts";

const ENTRY = path.resolve(import.meta.dirname, "../../scripts/serve-build.ts");

export interface AppNode {
  name: string;
  url: string;
  dataDir: string;
  /** Starts the node's process and waits until /healthz answers 200. */
  start(): Promise<void>;
  /** SIGTERM, and the exit code once the process is gone. */
  terminate(): Promise<number | null>;
  output(): string;
}

/** Two (or more) production app processes on one DATABASE_URL, each with its port and DATA_DIR. */
export async function createAppNodes(
  names: string[],
  { root, buildDir, env }: { root: string; buildDir: string; env: Record<string, string> },
): Promise<AppNode[]> {
  const secret = randomBytes(48).toString("base64url");
  return Promise.all(
    names.map(async (name) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = path.join(root, name);
      mkdirSync(dataDir, { recursive: true });
      let child: ChildProcess | undefined;
      let output = "";
      const node: AppNode = {
        name,
        url,
        dataDir,
        async start() {
          output = "";
          const started = spawn(process.execPath, [ENTRY], {
            env: {
              ...process.env,
              NODE_ENV: "production",
              AUTH_SECRET: secret,
              PORT: String(port),
              HOST: "127.0.0.1",
              APP_URL: url,
              DATA_DIR: dataDir,
              BUILD_DIR: buildDir,
              LOG_LEVEL: "warn",
              SEED_DEMO: "false",
              ADS_SANDBOX: "false",
              ...env,
            },
            stdio: ["ignore", "pipe", "pipe"],
          });
          child = started;
          started.stdout?.on("data", (chunk: Buffer) => {
            output += chunk.toString();
          });
          started.stderr?.on("data", (chunk: Buffer) => {
            output += chunk.toString();
          });
          const deadline = Date.now() + 120_000;
          while (Date.now() < deadline) {
            if (started.exitCode !== null) throw new Error(`${name} exited with ${started.exitCode}:\n${output}`);
            const status = await getStatus(`${url}/healthz`);
            if (status === 200) return;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          throw new Error(`${name} did not come up within 120 seconds:\n${output}`);
        },
        async terminate() {
          const running = child;
          if (!running || running.exitCode !== null) return running?.exitCode ?? null;
          const exited = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));
          running.kill("SIGTERM");
          return exited;
        },
        output: () => output,
      };
      return node;
    }),
  );
}

/** A GET's status, or 0 when nothing answered. */
export function getStatus(url: string): Promise<number> {
  return fetch(url).then(
    (response) => response.body?.cancel().then(() => response.status) ?? response.status,
    () => 0,
  );
}

export interface SentRequest {
  /** Resolves once the whole request is on the wire (connected and written). */
  sent: Promise<void>;
  /** The status and whole body, or the error that cut it short. */
  answer: Promise<{ status: number; body: string } | { error: string }>;
}

/** A GET on a connection of its own, so the test knows when it was sent and whether it was answered in full. */
export function sendRequest(url: string, headers: Record<string, string> = {}): SentRequest {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const request = http.request(url, { method: "GET", headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => {
      markSent();
      resolve({ error: error.message });
    });
    // Sent: the connection is up and the whole request has been handed to it.
    let pending = 2;
    const step = () => {
      pending -= 1;
      if (pending === 0) markSent();
    };
    request.once("finish", step);
    request.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", step);
      else step();
    });
    request.end();
  });
  return { sent, answer };
}
