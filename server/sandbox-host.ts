import type { Kysely } from "kysely";
import type { Env } from "#core/config/env.ts";
import type { Database } from "#core/db/schema.ts";
import { consumeRateLimit } from "#core/rate-limit/consume-rate-limit.ts";
import { createRateLimitRepository } from "#core/rate-limit/rate-limit-repository.ts";
import type { SandboxDatabase } from "#simulator/lib/database.ts";
import type { PlatformId } from "#simulator/lib/platform-ids.ts";
import type { SandboxRateLimit } from "#simulator/lib/rate-limit.ts";
import { sandboxAppCredentials } from "#simulator/sandbox-credentials.ts";

/**
 * What the host gives the built-in sandbox (a separate program under `simulator/` that imports
 * nothing of ours): its tables in our database, our rate-limit counter, and, the other way, the
 * sandbox's app credentials our connectors use in sandbox mode.
 */

/** Our database, typed for the sandbox's own tables (our migrations 0006 and 0007 create them). */
export function sandboxDatabaseOf(db: Kysely<Database>): Kysely<SandboxDatabase> {
  // No cast: tsc accepts it only while our sandbox_* tables have the columns SandboxDatabase names.
  return db;
}

/** The sandbox's rate limit over our atomic database counter (`rate_limits`, rule `sandbox`). */
export function sandboxRateLimitOver(db: Kysely<Database>): SandboxRateLimit {
  const rateLimits = createRateLimitRepository(db);
  return async ({ key, limit, windowSeconds }) => {
    const decision = await consumeRateLimit(rateLimits, { name: "sandbox", limit, windowSeconds }, key);
    return { isAllowed: decision.isAllowed, retryAfterSeconds: decision.resetSeconds };
  };
}

/** The sandbox's options for mounting it on our database: its tables and our rate-limit counter. */
export function sandboxHostOptions(db: Kysely<Database>): { db: Kysely<SandboxDatabase>; rateLimit: SandboxRateLimit } {
  return { db: sandboxDatabaseOf(db), rateLimit: sandboxRateLimitOver(db) };
}

/** The sandbox's app credentials per platform, for the connector registry in sandbox mode. */
export function sandboxCredentialsFor(
  env: Pick<Env, "AUTH_SECRET">,
): (platform: PlatformId) => { clientId: string; clientSecret: string; developerToken?: string } {
  return (platform) => sandboxAppCredentials(env.AUTH_SECRET, platform);
}
