import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { freePort } from "#tests/support/free-port.ts";
import { prepareStubProduction, type StubProduction } from "#tests/support/stub-production.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { type RunningServer, startServer } from "./main.ts";

let stub: StubProduction | undefined;
let server: RunningServer | undefined;
const umask = process.umask();

afterEach(async () => {
  await server?.stop();
  server = undefined;
  process.umask(umask);
  await stub?.remove();
  stub = undefined;
});

async function startProduction(overrides: Record<string, string> = {}) {
  stub = await prepareStubProduction("boot");
  const port = await freePort();
  const secret = randomBytes(48).toString("base64url");
  // The production defaults: NODE_ENV=production and nothing about the sandbox, as a deployment sets it.
  const env = testEnv({
    NODE_ENV: "production",
    AUTH_SECRET: secret,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(stub.root, "data"),
    LOG_LEVEL: "info",
    ...stub.databaseEnv,
    ...overrides,
  });
  const logged: string[] = [];
  const logger = createLogger({ level: "info", isPretty: false, destination: { write: (line) => logged.push(line) } });
  server = await startServer({ env, buildDir: stub.buildDir, logger });
  return { url: `http://127.0.0.1:${port}`, log: () => logged.join(""), secret };
}

describe("a production start", () => {
  it("serves no sandbox unless it is enabled, and logs no secret", async () => {
    const { url, log, secret } = await startProduction();
    const sandbox = await fetch(`${url}/sandbox`);
    expect(await sandbox.text()).not.toContain("Adhelm sandbox");
    const consent = await fetch(`${url}/sandbox/google-ads/authorize?client_id=x&redirect_uri=x&state=x`);
    expect(await consent.text()).not.toContain("Authorize Adhelm");
    expect(log()).toContain("Adhelm is listening");
    expect(log()).not.toContain("ADS_SANDBOX is enabled in production");
    expect(log()).not.toContain(secret);
  });

  it("warns loudly when the sandbox is enabled in production", async () => {
    const { url, log, secret } = await startProduction({ ADS_SANDBOX: "true" });
    expect(await (await fetch(`${url}/sandbox`)).json()).toMatchObject({ name: "Adhelm sandbox" });
    expect(log()).toMatch(/"level":40,.*"msg":"ADS_SANDBOX is enabled in production: anyone can reach \/sandbox/);
    expect(log()).not.toContain(secret);
  });
});
