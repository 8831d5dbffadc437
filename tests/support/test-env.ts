import { type Env, parseEnv } from "#core/config/env.ts";

/** A valid test configuration; overrides change one thing at a time. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "./data/test", SEED_DEMO: "false", ...overrides });
}
