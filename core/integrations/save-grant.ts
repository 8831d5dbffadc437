import type { AdPlatformId, StorePlatformId, TokenSet } from "../../connectors/connector.ts";
import type { TokenCipher } from "../security/token-cipher.ts";
import { withRetry } from "../sync/retry-policy.ts";
import type { SealedTokens } from "./connection-repository.ts";
import type { IntegrationDependencies } from "./integration-dependencies.ts";
import { requestSync } from "./request-sync.ts";

/** Retries while storing a grant are short: a person (or the boot) is waiting. */
const GRANT_RETRY = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 2_000 };

/** The one way tokens are sealed before they are stored. */
export function sealTokens(cipher: TokenCipher, tokens: TokenSet): SealedTokens {
  return {
    sealedAccessToken: cipher.encrypt(tokens.accessToken),
    sealedRefreshToken: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
  };
}

interface GrantInput {
  organizationId: string;
  userId: string;
  tokens: TokenSet;
}

/** Stores an ad platform's grant and lists its ad accounts, every one managed until the team picks. */
export async function saveAdPlatformGrant(
  deps: Pick<IntegrationDependencies, "connections" | "connectors" | "cipher">,
  input: GrantInput & { platform: AdPlatformId },
): Promise<string> {
  const connector = deps.connectors.adConnector(input.platform);
  const accounts = await withRetry(() => connector.listAdAccounts(input.tokens), GRANT_RETRY);
  const connectionId = await deps.connections.saveGrant({
    organizationId: input.organizationId,
    platform: input.platform,
    userId: input.userId,
    tokens: sealTokens(deps.cipher, input.tokens),
    context: input.tokens.context,
    displayName: null,
  });
  await deps.connections.upsertAdAccounts(input.organizationId, connectionId, accounts, true);
  return connectionId;
}

/** Stores a shop's grant under the shop's name and starts its order backfill. */
export async function saveStoreGrant(
  deps: Pick<IntegrationDependencies, "connections" | "connectors" | "cipher" | "jobs">,
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
    tokens: sealTokens(deps.cipher, input.tokens),
    context: { ...input.tokens.context, storeCurrency: store.currency, storeTimeZone: store.timeZone },
    displayName: store.name,
  });
  await requestSync(deps, { organizationId: input.organizationId, connectionId, kind: "backfill" });
  return connectionId;
}
