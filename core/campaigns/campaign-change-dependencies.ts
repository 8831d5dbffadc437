import type { ConnectionRepository } from "#core/connections/connection-repository.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import type { RetryPolicy } from "#core/sync/retry-policy.ts";
import type { CampaignRepository } from "./campaign-repository.ts";
import type { ChangeLogRepository } from "./change-log-repository.ts";

/** What the campaign use cases need; wired once in `server/services.ts` as `campaignChanges`. */
export interface CampaignChangeDependencies {
  campaigns: CampaignRepository;
  changeLog: ChangeLogRepository;
  connections: ConnectionRepository;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  /**
   * A person waits on these calls: fewer, shorter retries than a sync's. The read-back before each
   * retry keeps a retried write from applying twice.
   */
  retryPolicy?: Partial<RetryPolicy>;
}

/** The retry policy of changes a person waits for (a few seconds at most per campaign). */
export const INTERACTIVE_RETRY_POLICY: Partial<RetryPolicy> = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };
