import type { Kysely } from "kysely";
import type { Actor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TokenCipher } from "#core/security/token-cipher.ts";
import type { AdPlatformConnector, ConnectorRegistry } from "#core/shared/connector-port.ts";
import { type AdPlatformId, isAdPlatform } from "#core/shared/platforms.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import { openPlatformSession, type PlatformSession } from "./platform-session.ts";
import type { RetryPolicy } from "./retry-policy.ts";

export const NOT_CONNECTED_MESSAGE =
  "This campaign's platform is not connected. Reconnect it on the Integrations page.";

/** One connection's connector with a platform session open on it (fresh tokens, the one retry policy). */
export interface AdPlatformTarget {
  platform: AdPlatformId;
  connector: AdPlatformConnector;
  session: PlatformSession;
}

/**
 * How another slice (campaign changes) calls an ad platform on a connection of the actor's
 * organization, without reaching into this slice's repository or the tokens. The caller's own use
 * case has already checked what the actor may do.
 */
export function createAdPlatformAccess(deps: {
  db: Kysely<Database>;
  connectors: ConnectorRegistry;
  cipher: TokenCipher;
  retryPolicy?: Partial<RetryPolicy>;
}) {
  const connections = createConnectionRepository(deps.db);
  return {
    /** Throws a conflict ("not connected") when the connection is gone, disconnected or has no tokens. */
    async openAdPlatform(actor: Actor, connectionId: string): Promise<AdPlatformTarget> {
      const connection = await connections.findById(actor.organizationId, connectionId);
      if (!connection || connection.status === "disconnected" || !isAdPlatform(connection.platform))
        throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
      if (!connection.sealedAccessToken) throw new AppError("conflict", NOT_CONNECTED_MESSAGE);
      const connector = deps.connectors.adConnector(connection.platform);
      const session = openPlatformSession({
        connection,
        connections,
        cipher: deps.cipher,
        refresh: (tokens) => connector.refreshTokens(tokens),
        retryPolicy: deps.retryPolicy,
      });
      return { platform: connection.platform, connector, session };
    },
  };
}
