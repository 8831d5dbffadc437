import type { Metrics } from "#core/ports/metrics.ts";
import { SealedTokenError, type TokenCipher } from "#core/security/token-cipher.ts";
import type { TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { PlatformId } from "#core/shared/platforms.ts";
import type { ConnectionRecord, ConnectionRepository } from "./connection-repository.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetry } from "./retry-policy.ts";
import { openTokens, sealTokens } from "./save-grant.ts";

/** Refresh a little before expiry, so a long sync never sends a token that dies in flight. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export interface PlatformSession {
  /** Calls the platform with a valid token, retrying throttling and outages per the one policy. */
  call<T>(work: (tokens: TokenSet) => Promise<T>): Promise<T>;
  /** Retries spent so far, for the sync history. */
  readonly retries: number;
}

/** Opens a connection's sealed tokens and keeps them fresh for the length of one sync or change. */
export function openPlatformSession(input: {
  connection: ConnectionRecord;
  connections: ConnectionRepository;
  cipher: TokenCipher;
  refresh: (tokens: TokenSet) => Promise<TokenSet>;
  retryPolicy?: Partial<RetryPolicy>;
  now?: () => Date;
  /** Counts each failed platform call (throttling, outages, refusals) for /metrics. */
  metrics?: Metrics;
}): PlatformSession {
  const { connection, connections, cipher } = input;
  const platform = connection.platform as PlatformId;
  if (!connection.sealedAccessToken)
    throw new PlatformError(platform, "access_revoked", "This connection has no access any more. Reconnect it.");
  const opened = openOrRevoked(cipher, connection, platform);
  let tokens: TokenSet = {
    accessToken: opened.accessToken ?? "",
    refreshToken: opened.refreshToken,
    expiresAt: connection.tokenExpiresAt,
    context: connection.context,
  };
  let retries = 0;
  const now = input.now ?? (() => new Date());
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...input.retryPolicy,
    onRetry: () => {
      retries += 1;
    },
  };
  // Every attempt's failure counts, including the ones a retry then recovers from.
  const counted = <T>(work: () => Promise<T>) =>
    input.metrics
      ? () =>
          work().catch((error: unknown) => {
            if (error instanceof PlatformError) input.metrics?.platformError(platform, error.kind);
            throw error;
          })
      : work;

  async function refresh() {
    try {
      tokens = await withRetry(
        counted(() => input.refresh(tokens)),
        policy,
      );
    } catch (error) {
      // A refused refresh means the grant is gone; the user has to reconnect.
      if (error instanceof PlatformError && (error.kind === "token_expired" || error.kind === "rejected"))
        throw new PlatformError(platform, "access_revoked", error.message, { platformCode: error.platformCode });
      throw error;
    }
    await connections.saveTokens(connection.id, sealTokens(cipher, connection.id, tokens));
  }

  return {
    get retries() {
      return retries;
    },
    async call(work) {
      if (tokens.expiresAt && tokens.expiresAt.getTime() - REFRESH_MARGIN_MS <= now().getTime()) await refresh();
      try {
        return await withRetry(
          counted(() => work(tokens)),
          policy,
        );
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== "token_expired") throw error;
        // Tokens can die before their stated expiry (a password change, a platform-side reset).
        await refresh();
        return withRetry(
          counted(() => work(tokens)),
          policy,
        );
      }
    },
  };
}

/**
 * Tokens that do not open (sealed under another AUTH_SECRET, or not this row's) are as good as
 * revoked: the connection goes to Error with "Reconnect" at once instead of retrying. The reason
 * (with the key id) stays in the logs, as the error's cause.
 */
function openOrRevoked(cipher: TokenCipher, connection: ConnectionRecord, platform: PlatformId) {
  try {
    return openTokens(cipher, connection);
  } catch (error) {
    if (!(error instanceof SealedTokenError)) throw error;
    const revoked = new PlatformError(
      platform,
      "access_revoked",
      "Its stored tokens cannot be opened with this server's key. Reconnect it.",
      { platformCode: `sealed_token_${error.reason}` },
    );
    revoked.cause = error;
    throw revoked;
  }
}
