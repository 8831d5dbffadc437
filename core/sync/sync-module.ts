import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import { createConnectionRepository } from "#core/connections/connection-repository.ts";
import type { RetryPolicy } from "#core/connections/retry-policy.ts";
import type { Database } from "#core/db/schema.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Metrics } from "#core/ports/metrics.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry } from "#core/shared/connector-port.ts";
import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import { createAdSyncRepository } from "./ad-sync-repository.ts";
import type { AdsClock } from "./ads-clock.ts";
import { createConversionSyncRepository } from "./conversion-sync-repository.ts";
import { syncConnection } from "./sync-connection.ts";
import { createSyncRepository } from "./sync-repository.ts";

/** What the sync engine is built from; wired once in `server/services.ts`. */
export interface SyncModuleDependencies {
  db: Kysely<Database>;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  clock: AdsClock;
  logger: Logger;
  /** Days fetched when a connection is new. */
  backfillDays: number;
  retryPolicy?: Partial<RetryPolicy>;
  /** Counts runs, rows and platform errors for /metrics; none by default. */
  metrics?: Metrics;
}

/**
 * The sync engine. It works on the connections slice's connections (its repository, sealed tokens
 * and platform sessions); the connections slice queues syncs and reads their history, and never
 * imports this folder.
 */
export function createSyncModule(deps: SyncModuleDependencies) {
  const parts = {
    connections: createConnectionRepository(deps.db),
    syncs: createSyncRepository(deps.db),
    connectors: deps.connectors,
    cipher: deps.cipher,
    clock: deps.clock,
    logger: deps.logger,
    backfillDays: deps.backfillDays,
    retryPolicy: deps.retryPolicy,
    metrics: deps.metrics,
    ads: createAdSyncRepository(deps.db),
    conversions: createConversionSyncRepository(deps.db),
  };
  return {
    /**
     * One sync of one of the actor's organization's connections (the job runs it as Adhelm, see
     * sync-jobs.ts). "retry" asks the queue to run it again later; the next attempt resumes it.
     */
    syncConnection: useCase(
      "connections.sync",
      (
        actor,
        input: { connectionId: string; kind: SyncRunKind },
        attempt: { attempt: number; maxAttempts: number } = { attempt: 1, maxAttempts: 1 },
      ) => syncConnection(parts, { ...input, organizationId: actor.organizationId }, attempt),
    ),
  };
}

export type SyncModule = ReturnType<typeof createSyncModule>;
