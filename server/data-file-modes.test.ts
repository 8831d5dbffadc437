import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { createLogger } from "#adapters/logger.ts";
import { createMailer } from "#adapters/mailer.ts";
import { openDatabase } from "#core/db/database.ts";
import { freePort } from "#tests/support/free-port.ts";
import { waitForMail } from "#tests/support/outbox.ts";
import { prepareStubProduction, type StubProduction } from "#tests/support/stub-production.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { type RunningServer, startServer } from "./main.ts";

const logger = createLogger({ level: "silent", isPretty: false });
const AVATAR = { bytes: Buffer.from("RIFF....WEBP"), contentType: "image/webp" };
const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string | undefined;
let stub: StubProduction | undefined;
let server: RunningServer | undefined;
// Tests run with the usual 022 umask, as a developer's shell or an older deployment would.
const initialUmask = process.umask(0o022);

afterEach(async () => {
  await server?.stop();
  server = undefined;
  process.umask(0o022);
  await stub?.remove();
  stub = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});
afterAll(() => {
  process.umask(initialUmask);
});

/** Every regular file and folder under `directory`, with its mode. */
function modesUnder(directory: string): Record<string, number> {
  const modes: Record<string, number> = {};
  for (const entry of readdirSync(directory, { recursive: true, encoding: "utf8" })) {
    modes[entry] = modeOf(path.join(directory, entry));
  }
  return modes;
}

describe("DATA_DIR of a server started in production", () => {
  it("is 0700 (even when it was 0755), and its database, outbox mail and uploads are 0600 in 0700 folders", async () => {
    stub = await prepareStubProduction("modes");
    const dataDir = path.join(stub.root, "data");
    mkdirSync(dataDir, { mode: 0o755 });
    expect(modeOf(dataDir)).toBe(0o755);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const env = testEnv({
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      ...stub.databaseEnv,
    });
    const logged: string[] = [];
    const bootLogger = createLogger({
      level: "info",
      isPretty: false,
      destination: { write: (line) => logged.push(line) },
    });
    server = await startServer({ env, buildDir: stub.buildDir, logger: bootLogger });
    // No SMTP_URL: the boot log says mail is not delivered.
    expect(logged.join("")).toMatch(/"level":40,.*"msg":"SMTP_URL is not set/);

    // A sign-up mails its verification link to the outbox.
    const signUp = await fetch(`${appUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        password: "Engine-1843",
        confirmPassword: "Engine-1843",
        acceptTerms: true,
      }),
    });
    expect(signUp.status).toBe(200);
    await waitForMail(dataDir, "ada@example.com");
    // The server's own storage, as the profile's avatar upload uses it.
    await createLocalFileStorage(path.join(dataDir, "uploads")).put("avatars/user-1/avatar.webp", AVATAR);

    expect(modeOf(dataDir)).toBe(0o700);
    const modes = modesUnder(dataDir);
    const outboxFiles = Object.keys(modes).filter((entry) => entry.endsWith(".eml"));
    expect(outboxFiles).toHaveLength(1);
    expect(modes).toMatchObject({
      outbox: 0o700,
      uploads: 0o700,
      "uploads/avatars": 0o700,
      "uploads/avatars/user-1": 0o700,
      "uploads/avatars/user-1/avatar.webp": 0o600,
      "uploads/avatars/user-1/avatar.webp.type": 0o600,
    });
    if (!stub.databaseEnv.DATABASE_URL) expect(modes["adhelm.db"]).toBe(0o600);
    // Nothing at all is readable by group or others: -wal, -shm, mail, uploads.
    for (const [entry, mode] of Object.entries(modes))
      expect({ entry, mode: mode & 0o077 }).toEqual({ entry, mode: 0 });
  });
});

describe("files made outside a started server (development, tests, tools)", () => {
  it("are 0600 in 0700 folders whatever the umask", async () => {
    root = mkdtempSync(path.join(TEST_DATA_DIR, "modes-"));
    const dataDir = path.join(root, "data");
    const database = openDatabase({ sqliteFile: path.join(dataDir, "adhelm.db") });
    await database.db
      .selectFrom("sqlite_master" as never)
      .selectAll()
      .execute();
    await createMailer({ from: "Adhelm <no-reply@adhelm.test>", dataDir, logger }).send({
      to: "ada@example.com",
      subject: "Hello",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    await createLocalFileStorage(path.join(dataDir, "uploads")).put("avatars/user-1/avatar.webp", AVATAR);
    // A second upload replaces both files; they stay private.
    await createLocalFileStorage(path.join(dataDir, "uploads")).put("avatars/user-1/avatar.webp", AVATAR);
    const modes = modesUnder(dataDir);
    await database.close();
    expect(modeOf(dataDir)).toBe(0o700);
    for (const suffix of ["", "-wal", "-shm"])
      if (existsSync(path.join(dataDir, `adhelm.db${suffix}`))) expect(modes[`adhelm.db${suffix}`]).toBe(0o600);
    for (const [entry, mode] of Object.entries(modes))
      expect({ entry, mode: mode & 0o077 }).toEqual({ entry, mode: 0 });
    expect(Object.keys(modes).some((entry) => entry.endsWith(".eml"))).toBe(true);
  });
});
