import type { ApiKeyDependencies } from "./api-key-dependencies.ts";
import { toApiKeySummary } from "./api-key-status.ts";
import type { ApiKeySummary } from "./api-key-types.ts";

/** The organization's keys, newest first, revoked and expired ones included (with their status). */
export async function listApiKeys(deps: ApiKeyDependencies, organizationId: string): Promise<ApiKeySummary[]> {
  const now = deps.now?.() ?? new Date();
  const records = await deps.repository.listForOrganization(organizationId);
  return records.map((record) => toApiKeySummary(record, now));
}
