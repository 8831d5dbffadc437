import { AppError } from "#core/errors/app-error.ts";
import type { CachedApiKey } from "./api-key-cache.ts";
import type { ApiKeyDependencies } from "./api-key-dependencies.ts";
import type { ApiKeyCredential } from "./api-key-repository.ts";
import { hashApiKey, looksLikeApiKey } from "./api-key-tokens.ts";
import type { ApiPrincipal } from "./api-key-types.ts";

export const UNKNOWN_KEY_MESSAGE = "This API key is not valid. Check that you copied all of it.";
export const REVOKED_KEY_MESSAGE = "This API key was revoked. Create a new one in Settings → API keys.";

function toCachedKey(credential: ApiKeyCredential): CachedApiKey {
  return {
    principal: {
      apiKeyId: credential.id,
      organizationId: credential.organizationId,
      keyName: credential.name,
      scope: credential.scope,
      creatorRole: credential.creatorRole,
      planId: credential.planId,
      readOnly: credential.readOnly,
    },
    expiresAtMs: credential.expiresAt?.getTime() ?? null,
    revokedAtMs: credential.revokedAt?.getTime() ?? null,
    lastUsedAtMs: credential.lastUsedAt?.getTime() ?? null,
  };
}

/** Refuses a revoked or expired key (each with its own message), else notes the use. */
function admit(deps: ApiKeyDependencies, key: CachedApiKey, nowMs: number): ApiPrincipal {
  if (key.revokedAtMs !== null && key.revokedAtMs <= nowMs) throw new AppError("unauthorized", REVOKED_KEY_MESSAGE);
  if (key.expiresAtMs !== null && key.expiresAtMs <= nowMs)
    throw new AppError(
      "unauthorized",
      `This API key expired on ${new Date(key.expiresAtMs).toISOString().slice(0, 10)}. Create a new one in Settings → API keys.`,
    );
  deps.cache.noteUse(key, nowMs);
  return key.principal;
}

/**
 * The principal of a Bearer key: looked up by its SHA-256 (cached for 30 s, so the hot path does
 * no database read for a known key). Unknown, revoked and expired keys are refused with a 401
 * that says which. last_used_at is written later, in a batch (flushApiKeyUses).
 */
export async function authenticateApiKey(deps: ApiKeyDependencies, plaintext: string): Promise<ApiPrincipal> {
  const nowMs = deps.now ? deps.now().getTime() : Date.now();
  if (!looksLikeApiKey(plaintext)) throw new AppError("unauthorized", UNKNOWN_KEY_MESSAGE);
  const keyHash = hashApiKey(plaintext);
  let key = deps.cache.get(keyHash, nowMs);
  if (!key) {
    const credential = await deps.repository.findCredentialByHash(keyHash);
    if (!credential) throw new AppError("unauthorized", UNKNOWN_KEY_MESSAGE);
    key = toCachedKey(credential);
    deps.cache.set(keyHash, key, nowMs);
  }
  return admit(deps, key, nowMs);
}

/**
 * The principal of one of the organization's keys, chosen by a signed-in member (the /api page's
 * Try it) rather than presented in plaintext. Refused like a Bearer key when revoked or expired.
 */
export async function authenticateApiKeyOfOrganization(
  deps: ApiKeyDependencies,
  input: { organizationId: string; apiKeyId: string },
): Promise<ApiPrincipal> {
  const nowMs = deps.now ? deps.now().getTime() : Date.now();
  const credential = await deps.repository.findCredentialById(input.organizationId, input.apiKeyId);
  if (!credential) throw new AppError("unauthorized", UNKNOWN_KEY_MESSAGE);
  return admit(deps, toCachedKey(credential), nowMs);
}

/** Writes the last_used_at that came due (at most one per key per minute), in one batch. */
export async function flushApiKeyUses(deps: ApiKeyDependencies): Promise<void> {
  await deps.repository.touchLastUsed(deps.cache.takeDueUses());
}
