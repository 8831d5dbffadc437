import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEVELOPMENT_AUTH_SECRET, EnvError } from "#core/config/env.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { GENERATED_SECRET_FILE, readOrCreateAuthSecret } from "./load-env.ts";

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("readOrCreateAuthSecret", () => {
  it("makes a random secret of this installation's own on first start, readable only by its owner", () => {
    dataDir = path.join(mkdtempSync(path.join(TEST_DATA_DIR, "secret-")), "data");
    const secret = readOrCreateAuthSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(48);
    expect(secret).not.toBe(DEVELOPMENT_AUTH_SECRET);
    const file = path.join(dataDir, GENERATED_SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // The next start reads the same secret, so sessions and sealed tokens survive a restart.
    expect(readOrCreateAuthSecret(dataDir)).toBe(secret);
  });

  it("gives two installations two different secrets", () => {
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "secret-"));
    const first = readOrCreateAuthSecret(path.join(dataDir, "a"));
    expect(readOrCreateAuthSecret(path.join(dataDir, "b"))).not.toBe(first);
  });

  it("refuses a kept secret that is too short, naming the file", () => {
    dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "secret-"));
    writeFileSync(path.join(dataDir, GENERATED_SECRET_FILE), "short\n");
    expect(() => readOrCreateAuthSecret(dataDir)).toThrowError(EnvError);
    expect(() => readOrCreateAuthSecret(dataDir)).toThrowError(/auth-secret holds fewer than 32 characters/);
  });
});
