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

/** Ad accounts a new connection found but left unmanaged because the plan allows no more. */
export interface LeftUnmanaged {
  count: number;
  /** The plan (its id and name) and its ad account limit, for the person's notice ("Upgrade to manage more"). */
  planId: string;
  plan: string;
  allowed: number;
}

export interface SavedAdGrant {
  connectionId: string;
  leftUnmanaged: LeftUnmanaged | null;
}

/**
 * Stores an ad platform's grant and lists its ad accounts. The newly found ones are managed until
 * the team picks, as many as the plan allows (the first by name); the rest are listed unmanaged and
 * `leftUnmanaged` says how many. Accounts a reconnected connection already knew keep their choice.
 */
export async function saveAdPlatformGrant(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher" | "roomWithinLimit">,
  input: GrantInput & { platform: AdPlatformId },
): Promise<SavedAdGrant> {
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
  const { organizationId } = input;
  const known = await deps.connections.listAdAccounts(organizationId, connectionId);
  const knownIds = new Set(known.map((account) => account.externalId));
  const newCount = accounts.filter((account) => !knownIds.has(account.externalId)).length;
  const within = newCount > 0 ? ((await deps.roomWithinLimit?.(organizationId, "adAccounts")) ?? null) : null;
  if (!within || newCount <= within.room) {
    await deps.connections.upsertAdAccounts(organizationId, connectionId, accounts, true);
    return { connectionId, leftUnmanaged: null };
  }
  await deps.connections.upsertAdAccounts(organizationId, connectionId, accounts, false);
  // Listed by name: the first ones that fit are managed, with whatever the connection managed before.
  const listed = await deps.connections.listAdAccounts(organizationId, connectionId);
  const fresh = listed.filter((account) => !knownIds.has(account.externalId));
  const kept = known.filter((account) => account.isManaged).map((account) => account.id);
  const added = fresh.slice(0, within.room).map((account) => account.id);
  await deps.connections.setManagedAccounts(organizationId, connectionId, [...kept, ...added]);
  return {
    connectionId,
    leftUnmanaged: {
      count: fresh.length - added.length,
      planId: within.details.planId,
      plan: within.details.plan,
      allowed: within.details.allowed,
    },
  };
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
