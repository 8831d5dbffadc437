import { listenToPostgres } from "#adapters/postgres/pg-listener.ts";
import { API_KEY_REVOKED_CHANNEL, createApiKeyRepository } from "#core/api-keys/api-key-repository.ts";
import { watchApiKeyRevocations } from "#core/api-keys/api-key-revocation-watch.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { ServerServices } from "./services.ts";

export interface RevocationWatch {
  stop(): Promise<void>;
}

/**
 * A key revoked on any node stops working on every node within a second, not after the key cache's
 * lifetime: on PostgreSQL each node LISTENs for the revocations the repository announces, and asks
 * once a second for those it missed. On SQLite there is one node, and a revoke drops its entry itself.
 */
export function startApiKeyRevocationWatch({
  databaseUrl,
  database,
  services,
  logger,
}: {
  databaseUrl: string | undefined;
  database: DatabaseHandle;
  services: Pick<ServerServices, "apiKeys">;
  logger: Logger;
}): RevocationWatch {
  if (database.dialect !== "postgres" || !databaseUrl) return { stop: async () => {} };
  const forget = services.apiKeys.forgetApiKeys;
  const poll = watchApiKeyRevocations({ repository: createApiKeyRepository(database.db), forget, logger });
  const listener = listenToPostgres({
    connectionString: databaseUrl,
    channel: API_KEY_REVOKED_CHANNEL,
    onNotification: (apiKeyId) => forget([apiKeyId]),
    // What was revoked while this node was not listening.
    onListening: () => void poll.check(),
    logger,
  });
  return {
    async stop() {
      poll.stop();
      await listener.close();
    },
  };
}
