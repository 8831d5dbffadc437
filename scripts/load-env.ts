import { existsSync } from "node:fs";
import { type Env, EnvError, parseEnv } from "../core/config/env.ts";

/** Reads .env when present (real environment variables win), then validates once. */
export function loadEnv(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
