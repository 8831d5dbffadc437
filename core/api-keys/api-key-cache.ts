import type { ApiKeyUse } from "./api-key-repository.ts";
import type { ApiPrincipal } from "./api-key-types.ts";

/** How long a key lookup is trusted. A revoke in this process drops the entry at once; on other nodes it takes up to this. */
export const API_KEY_CACHE_TTL_MS = 30_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const MAX_CACHED_KEYS = 10_000;

/** A known key (active, revoked or expired) as looked up; unknown keys are never cached. */
export interface CachedApiKey {
  principal: ApiPrincipal;
  expiresAtMs: number | null;
  revokedAtMs: number | null;
  /** last_used_at as stored when the key was looked up. */
  lastUsedAtMs: number | null;
}

interface Entry {
  key: CachedApiKey;
  loadedAtMs: number;
}

/**
 * The API's hot path does no database write and, for a known key, no read: lookups by key hash
 * are kept for API_KEY_CACHE_TTL_MS, and uses are remembered so last_used_at is written in
 * batches, at most once a minute per key.
 */
export interface ApiKeyCache {
  get(keyHash: string, nowMs: number): CachedApiKey | undefined;
  set(keyHash: string, key: CachedApiKey, nowMs: number): void;
  /** Drops every entry of that key (a revoke). */
  forget(apiKeyId: string): void;
  /** Notes a use of the key; its last_used_at becomes due when the last write is a minute old. */
  noteUse(key: CachedApiKey, nowMs: number): void;
  /** The uses whose last_used_at is due to be written, emptied. */
  takeDueUses(): ApiKeyUse[];
}

export function createApiKeyCache({ ttlMs = API_KEY_CACHE_TTL_MS }: { ttlMs?: number } = {}): ApiKeyCache {
  const entries = new Map<string, Entry>();
  const lastWrittenMs = new Map<string, number>();
  const dueUses = new Map<string, ApiKeyUse>();
  return {
    get(keyHash, nowMs) {
      const entry = entries.get(keyHash);
      if (!entry) return undefined;
      if (nowMs - entry.loadedAtMs >= ttlMs) {
        entries.delete(keyHash);
        return undefined;
      }
      return entry.key;
    },
    set(keyHash, key, nowMs) {
      // Bounded: the oldest entry goes first (Map keeps insertion order).
      if (entries.size >= MAX_CACHED_KEYS) entries.delete(entries.keys().next().value as string);
      entries.set(keyHash, { key, loadedAtMs: nowMs });
    },
    forget(apiKeyId) {
      for (const [keyHash, entry] of entries) if (entry.key.principal.apiKeyId === apiKeyId) entries.delete(keyHash);
    },
    noteUse({ principal, lastUsedAtMs }, nowMs) {
      if (!lastWrittenMs.has(principal.apiKeyId)) lastWrittenMs.set(principal.apiKeyId, lastUsedAtMs ?? 0);
      if (nowMs - (lastWrittenMs.get(principal.apiKeyId) ?? 0) < LAST_USED_WRITE_INTERVAL_MS) return;
      lastWrittenMs.set(principal.apiKeyId, nowMs);
      dueUses.set(principal.apiKeyId, {
        organizationId: principal.organizationId,
        apiKeyId: principal.apiKeyId,
        at: new Date(nowMs),
      });
    },
    takeDueUses() {
      const uses = [...dueUses.values()];
      dueUses.clear();
      return uses;
    },
  };
}
