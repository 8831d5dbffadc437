import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import { type ApiKeyCache, createApiKeyCache } from "./api-key-cache.ts";
import { type ApiKeyRepository, createApiKeyRepository } from "./api-key-repository.ts";

/** What the API key use cases take; the API keys module (api-keys-module.ts) builds it once per process. */
export interface ApiKeyDependencies {
  repository: ApiKeyRepository;
  /** This process's key lookups; a revoke drops its entry at once. */
  cache: ApiKeyCache;
  now?: () => Date;
}

export function createApiKeyDependencies(
  db: Kysely<Database>,
  options: { cacheTtlMs?: number } = {},
): ApiKeyDependencies {
  return { repository: createApiKeyRepository(db), cache: createApiKeyCache({ ttlMs: options.cacheTtlMs }) };
}
