import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { ConnectorRegistry, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { isAdPlatform, type PlatformId } from "#core/shared/platforms.ts";
import type { ConnectionRecord, ConnectionRepository } from "./connection-repository.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import { openPlatformSession } from "./platform-session.ts";
import type { RetryPolicy } from "./retry-policy.ts";

/**
 * What became of a connection's grant at its platform:
 * - `revoked`: the platform confirmed it dropped the grant;
 * - `already_gone`: there was nothing left to revoke (no tokens, or the platform no longer accepts them);
 * - `not_supported`: the platform has no way for an app to do it (Microsoft Advertising, WooCommerce),
 *   so the person removes the app at the platform;
 * - `failed`: the platform could not be reached or refused; the grant may still stand there.
 */
export type PlatformAccessOutcome = "revoked" | "already_gone" | "not_supported" | "failed";

/** A person or a purge is waiting: one quick retry of an outage, no long backoff. */
const REVOKE_RETRY_POLICY: Partial<RetryPolicy> = { maxAttempts: 2, baseDelayMs: 250, maxDelayMs: 1_000 };

export interface RevokeDependencies {
  connections: ConnectionRepository;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  logger?: Logger;
  retryPolicy?: Partial<RetryPolicy>;
}

/**
 * Asks the connection's platform to drop the grant, with fresh tokens (an expired access token is
 * refreshed first). Never throws: a failure is logged and reported as the outcome, because it must
 * not keep anyone from disconnecting or an organization from being deleted.
 */
export async function revokeConnectionAccess(
  deps: RevokeDependencies,
  connection: ConnectionRecord,
): Promise<PlatformAccessOutcome> {
  const platform = connection.platform;
  const log = { connection: connection.id, organization: connection.organizationId, platform };
  if (!connection.sealedAccessToken) return "already_gone";
  if (deps.connectors.modeOf(platform) === "unavailable") {
    deps.logger?.warn(log, "platform access not revoked: the platform is not configured on this server");
    return "failed";
  }
  const connector = isAdPlatform(platform)
    ? deps.connectors.adConnector(platform)
    : deps.connectors.storeConnector(platform);
  const revokeAccess = connector.revokeAccess?.bind(connector);
  if (!revokeAccess) return "not_supported";
  try {
    const session = openPlatformSession({
      connection,
      connections: deps.connections,
      cipher: deps.cipher,
      refresh: (tokens: TokenSet) => connector.refreshTokens(tokens),
      retryPolicy: deps.retryPolicy ?? REVOKE_RETRY_POLICY,
    });
    await session.call((tokens) => revokeAccess(tokens));
    deps.logger?.info(log, "platform access revoked");
    return "revoked";
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "access_revoked") {
      deps.logger?.info({ ...log, reason: error.message }, "platform access was already gone");
      return "already_gone";
    }
    deps.logger?.warn({ ...log, err: error }, "platform access could not be revoked");
    return "failed";
  }
}

/**
 * Revokes every grant an organization holds at its platforms, for the deletion purge: wired into
 * the privacy slice as its `revokePlatformAccess` dependency in `server/services.ts`.
 */
export function createPlatformAccessRevocation(deps: {
  db: Kysely<Database>;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  logger?: Logger;
  retryPolicy?: Partial<RetryPolicy>;
}) {
  const parts: RevokeDependencies = { ...deps, connections: createConnectionRepository(deps.db) };
  return {
    async revokePlatformAccess(
      organizationId: string,
    ): Promise<Array<{ connectionId: string; platform: PlatformId; outcome: PlatformAccessOutcome }>> {
      const connections = await parts.connections.listForOrganization(organizationId);
      const outcomes = [];
      for (const connection of connections) {
        if (!connection.sealedAccessToken) continue;
        const outcome = await revokeConnectionAccess(parts, connection);
        outcomes.push({ connectionId: connection.id, platform: connection.platform, outcome });
      }
      return outcomes;
    },
  };
}
