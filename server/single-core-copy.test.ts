import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, buildIfStale } from "#scripts/build-if-stale.ts";
import { freePort } from "#tests/support/free-port.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";

// `npm start` runs core from source and the pages from the React Router build. The build imports
// core (vite.config.ts keeps it external), so the process holds one copy of each module: one
// AppError class, one context key. This runs the real thing: `node scripts/start.ts` in production
// mode on the build the e2e setup makes (or this file, when it is missing or stale). The subject is
// module loading, not the database: the server keeps SQLite in its own DATA_DIR.

/** What the build may import from source; anything else of ours belongs in the bundle. */
const SHARED = /^#(?:core|connectors|adapters|server|simulator)\/.+\.ts$|^#app\/lib\/app-context\.ts$/;

let server: ChildProcess | undefined;
let dataDir = "";
let origin = "";
let output = "";

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not come up within 60 seconds:\n${output}`);
}

beforeAll(async () => {
  buildIfStale();
  const port = await freePort();
  dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "single-core-"));
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["scripts/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BUILD_DIR,
      LOG_LEVEL: "error",
      SEED_DEMO: "false",
      ADS_SANDBOX: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntilUp(`${origin}/healthz`, server);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("one copy of core in the production server", () => {
  it("builds the pages without core: the build imports it from source", () => {
    // The entry and the chunks the bundler split it into (the pages' shared code, the catalogs).
    const assets = path.join(BUILD_DIR, "server/assets");
    const build = [
      path.join(BUILD_DIR, "server/index.js"),
      ...(existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith(".js")) : []).map((name) =>
        path.join(assets, name),
      ),
    ]
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const imported = [...build.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"([^"]+)"/g)].map((match) => match[1] ?? "");
    const ours = imported.filter((specifier) => specifier.startsWith("#"));
    expect(ours).toContain("#core/errors/app-error.ts");
    expect(ours).toContain("#app/lib/app-context.ts");
    expect(ours.filter((specifier) => !SHARED.test(specifier))).toEqual([]);
    for (const specifier of ours) expect(existsSync(specifier.slice(1)), specifier).toBe(true);
    // Bundled modules need no import; a relative one is either a chunk the bundler split off (from
    // the entry ./assets/x.js, between chunks ./x.js) or a file the bundle left behind, which it must not be.
    const relative = imported.filter((specifier) => /^[./]/.test(specifier));
    expect(relative.filter((specifier) => !/^\.\/(?:assets\/)?[\w-]+\.js$/.test(specifier))).toEqual([]);
    expect(build).not.toMatch(/class (?:AppError|PlatformError)\b/);
  });

  it("serves pages that read the context the server set", async () => {
    // The root loader reads appContext: with a second copy of app-context.ts, its key would differ.
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<html");
  });

  it("answers a route's AppError with its status", async () => {
    // core's subscribe use case refuses the address with an AppError; the action's refuseForm
    // recognises it (instanceof) and answers its 400, where an unknown error would be a 500.
    const response = await fetch(`${origin}/newsletter/subscribe.data`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "not-an-address", source: "footer" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("invalid");
    expect(output).not.toMatch(/newsletter subscription failed|unhandled error/);
  });
});
