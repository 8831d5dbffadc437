import type { ReadOnlyReason } from "#core/access/actor.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";

export type ApiKeyStatus = "active" | "expired" | "revoked";

/** One key as the Settings → API keys list shows it. Timestamps are ISO strings (UTC). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** e.g. adh_Xy12AbCd (the key's first characters). */
  prefix: string;
  scope: ApiKeyScope;
  createdAt: string;
  /** The member who created it; null once that account is deleted. */
  createdBy: { id: string; name: string } | null;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: ApiKeyStatus;
}

/** What creating a key returns: the plaintext, which is shown once and never stored. */
export interface CreatedApiKey {
  apiKey: ApiKeySummary;
  plaintext: string;
}

/** Who is calling the API: a key of an organization, with what the limits need. */
export interface ApiPrincipal {
  apiKeyId: string;
  organizationId: string;
  keyName: string;
  scope: ApiKeyScope;
  /** The creator's role in the organization now (a key does at most what they may); null once they are gone. */
  creatorRole: string | null;
  /** organization.plan_id: the plan catalog gives its monthly API calls. */
  planId: string;
  /** Billing: why the organization is read-only (its writes are refused), null when it is not. */
  readOnly?: ReadOnlyReason | null;
}
