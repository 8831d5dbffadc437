// autocannon in its own process (so the load generator does not share the server's event loop),
// as bench:api and bench run it: CONNECTIONS connections for a number of seconds, JSON results.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const AUTOCANNON_CLI = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface AutocannonResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function runAutocannonCli(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<AutocannonResult> {
  const args = [AUTOCANNON_CLI, "--json", "-n", "-c", String(connections), "-d", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}
