import { sealedPlace, type TokenCipher } from "#core/security/token-cipher.ts";
import type { TokenSet } from "#core/shared/connector-port.ts";
import type { AdPlatformId, StorePlatformId } from "#core/shared/platforms.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import type { ConnectionRecord, SealedTokens } from "./connection-repository.ts";
import { requestSync } from "./request-sync.ts";
import { withRetry } from "./retry-policy.ts";

/** Retries while storing a grant are short: a person (or the boot) is waiting. */
const GRANT_RETRY = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 2_000 };

/** The one way a connection's tokens are sealed before they are stored: bound to its row and field. */
export function sealTokens(cipher: TokenCipher, connectionId: string, tokens: TokenSet): SealedTokens {
  return {
    sealedAccessToken: cipher.encrypt(tokens.accessToken, sealedPlace.connectionToken(connectionId, "access_token")),
    sealedRefreshToken: tokens.refreshToken
      ? cipher.encrypt(tokens.refreshToken, sealedPlace.connectionToken(connectionId, "refresh_token"))
      : null,
    expiresAt: tokens.expiresAt,
  };
}

/** The one way a connection's sealed tokens are opened (throws when they are not this row's). */
export function openTokens(
  cipher: TokenCipher,
  connection: Pick<ConnectionRecord, "id" | "sealedAccessToken" | "sealedRefreshToken">,
): { accessToken: string | null; refreshToken: string | null } {
  const open = (sealed: string | null, field: "access_token" | "refresh_token") =>
    sealed ? cipher.decrypt(sealed, sealedPlace.connectionToken(connection.id, field)) : null;
  return {
    accessToken: open(connection.sealedAccessToken, "access_token"),
    refreshToken: open(connection.sealedRefreshToken, "refresh_token"),
  };
}

interface GrantInput {
  organizationId: string;
  userId: string;
  tokens: TokenSet;
}

/** Stores an ad platform's grant and lists its ad accounts, every one managed until the team picks. */
export async function saveAdPlatformGrant(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher">,
  input: GrantInput & { platform: AdPlatformId },
): Promise<string> {
  const connector = deps.connectors.adConnector(input.platform);
  const accounts = await withRetry(() => connector.listAdAccounts(input.tokens), GRANT_RETRY);
  const connectionId = await deps.connections.saveGrant({
    organizationId: input.organizationId,
    platform: input.platform,
    userId: input.userId,
    sealTokens: (connectionId) => sealTokens(deps.cipher, connectionId, input.tokens),
    context: input.tokens.context,
    displayName: null,
  });
  await deps.connections.upsertAdAccounts(input.organizationId, connectionId, accounts, true);
  return connectionId;
}

/** Stores a shop's grant under the shop's name and starts its order backfill. */
export async function saveStoreGrant(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher" | "jobs">,
  input: GrantInput & { platform: StorePlatformId },
): Promise<string> {
  const store = await withRetry(
    () => deps.connectors.storeConnector(input.platform).describeStore(input.tokens),
    GRANT_RETRY,
  );
  const connectionId = await deps.connections.saveGrant({
    organizationId: input.organizationId,
    platform: input.platform,
    userId: input.userId,
    sealTokens: (connectionId) => sealTokens(deps.cipher, connectionId, input.tokens),
    context: { ...input.tokens.context, storeCurrency: store.currency, storeTimeZone: store.timeZone },
    displayName: store.name,
  });
  await requestSync(deps, { organizationId: input.organizationId, connectionId, kind: "backfill" });
  return connectionId;
}
