import type { ApiKeyRepository } from "#core/api-keys/api-key-repository.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import type { AssertWithinLimit } from "#core/billing/billing-limits.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import type { TeamRepository } from "./team-repository.ts";

/** What the team's use cases take; teams-module.ts builds it once. */
export interface TeamDependencies {
  team: TeamRepository;
  /** Removing a member revokes the keys they created. */
  apiKeys: Pick<ApiKeyRepository, "revokeCreatedBy">;
  /** Tells the API keys' cache that these keys are revoked (they stop working at once on this node). */
  onApiKeysRevoked?: (apiKeyIds: string[]) => void;
  audit: AuditLog;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  /** The plan's member limit (members and pending invitations), checked before inviting. */
  assertWithinLimit?: AssertWithinLimit;
}
