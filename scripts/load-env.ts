import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Env, EnvError, parseEnv } from "#core/config/env.ts";

/** Where a generated AUTH_SECRET is kept, inside DATA_DIR. */
export const GENERATED_SECRET_FILE = "auth-secret";

/**
 * Reads .env when present (real environment variables win), fills in AUTH_SECRET from DATA_DIR
 * when it is unset, then validates once.
 */
export function loadEnv(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    if (!process.env.AUTH_SECRET && process.env.NODE_ENV !== "production") {
      process.env.AUTH_SECRET = readOrCreateAuthSecret(process.env.DATA_DIR || "./data");
    }
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * A secret of this installation's own: made once, at random, and kept in DATA_DIR/auth-secret
 * (mode 0600 in a 0700 folder), so nothing derived from it (sessions, the token key, the sandbox's
 * admin token) is the published development value. Production sets AUTH_SECRET itself, since
 * several nodes must share it.
 */
export function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, GENERATED_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length < 32)
      throw new EnvError(`Invalid environment configuration:\n  AUTH_SECRET: ${file} holds fewer than 32 characters`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  // "wx": a second process starting at the same moment does not overwrite the first one's secret.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readOrCreateAuthSecret(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
