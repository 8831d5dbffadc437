import type { Logger } from "../adapters/logger.ts";
import type { Env } from "../core/config/env.ts";
import type { DatabaseHandle } from "../core/db/database.ts";
import { createRateLimitRepository, type RateLimitRepository } from "../core/rate-limit/rate-limit-repository.ts";

/** The composition root: every service the routes may call, wired once per process. */
export interface AppServices {
  database: DatabaseHandle;
  rateLimits: RateLimitRepository;
}

export function createServices({ database }: { env: Env; database: DatabaseHandle; logger: Logger }): AppServices {
  return {
    database,
    rateLimits: createRateLimitRepository(database.db),
  };
}
