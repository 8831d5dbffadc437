import type { Logger } from "#core/ports/logger.ts";
import type { ApiKeyRepository } from "./api-key-repository.ts";

/** How often a node asks for revocations it may have missed (a dropped LISTEN connection). */
export const REVOCATION_CHECK_INTERVAL_MS = 1_000;
/** How far back each check looks: covers clock skew between nodes and a check that overlapped a revoke. */
const REVOCATION_LOOKBACK_MS = 10_000;

export interface ApiKeyRevocationWatch {
  /** One look for keys revoked since the last one; their cache entries go. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * The fallback behind the revocation announcement on several nodes: once a second, one query for
 * the keys revoked in the last few seconds (a handful of rows, if any), and their cache entries
 * go. An API request never waits for it: the hot path stays a cache lookup.
 */
export function watchApiKeyRevocations({
  repository,
  forget,
  logger,
  intervalMs = REVOCATION_CHECK_INTERVAL_MS,
  now = Date.now,
}: {
  repository: Pick<ApiKeyRepository, "listRevokedSince">;
  forget: (apiKeyIds: readonly string[]) => void;
  logger: Logger;
  intervalMs?: number;
  now?: () => number;
}): ApiKeyRevocationWatch {
  let checking: Promise<void> | undefined;
  const check = () => {
    checking ??= (async () => {
      try {
        const revoked = await repository.listRevokedSince(new Date(now() - REVOCATION_LOOKBACK_MS - intervalMs));
        if (revoked.length > 0) forget(revoked);
      } catch (error) {
        logger.warn({ err: error }, "checking for revoked API keys failed");
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    check,
    stop: () => clearInterval(timer),
  };
}
