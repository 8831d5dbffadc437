import type { ApiKeyRecord } from "./api-key-repository.ts";
import type { ApiKeyStatus, ApiKeySummary } from "./api-key-types.ts";

export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function toApiKeySummary(record: ApiKeyRecord, now: Date): ApiKeySummary {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scope: record.scope,
    createdAt: record.createdAt.toISOString(),
    createdBy: record.createdById ? { id: record.createdById, name: record.createdByName ?? "" } : null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    revokedAt: record.revokedAt?.toISOString() ?? null,
    status: apiKeyStatus(record, now),
  };
}
