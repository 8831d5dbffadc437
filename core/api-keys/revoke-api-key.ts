import { AppError } from "#core/errors/app-error.ts";
import type { ApiKeyDependencies } from "./api-key-dependencies.ts";
import { toApiKeySummary } from "./api-key-status.ts";
import type { ApiKeySummary } from "./api-key-types.ts";

/**
 * Revokes a key of the organization: it stops working at once on this node (its cache entry goes)
 * and within the key cache's lifetime (30 s) on the others. Revoking twice is harmless.
 */
export async function revokeApiKey(
  deps: ApiKeyDependencies,
  input: { organizationId: string; apiKeyId: string },
): Promise<ApiKeySummary> {
  const now = deps.now?.() ?? new Date();
  const found = await deps.repository.revoke(input.organizationId, input.apiKeyId, now);
  if (!found) throw new AppError("not_found", "There is no such API key.");
  deps.cache.forget(input.apiKeyId);
  const record = await deps.repository.findById(input.organizationId, input.apiKeyId);
  if (!record) throw new AppError("not_found", "There is no such API key.");
  return toApiKeySummary(record, now);
}
