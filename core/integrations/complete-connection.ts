import {
  isAdPlatform,
  isStorePlatform,
  type PlatformId,
  type StorePlatformId,
  type TokenSet,
} from "../../connectors/connector.ts";
import { AppError } from "../errors/app-error.ts";
import { withRetry } from "../sync/retry-policy.ts";
import type { SealedTokens } from "./connection-repository.ts";
import {
  CONNECTION_FAILED_MESSAGE,
  type ConnectingViewer,
  callbackUrlFor,
  type IntegrationDependencies,
} from "./integration-dependencies.ts";
import { requestSync } from "./request-sync.ts";
import { hashState } from "./start-connection.ts";

/** Retries at the callback are short: a person is waiting on the page. */
const CALLBACK_RETRY = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 2_000 };

export class ConnectionFailedError extends AppError {
  /** Why, for the logs; the person sees the spec's message. */
  readonly reason: string;
  constructor(reason: string) {
    super("bad_request", CONNECTION_FAILED_MESSAGE);
    this.reason = reason;
  }
}

export interface CompletedConnection {
  connectionId: string;
  platform: PlatformId;
  /** Ad platforms go on to the account picker; stores start syncing at once. */
  needsAccountChoice: boolean;
}

/**
 * The platform's redirect back to us. The `state` must be one we issued to this very session and
 * organization, unused and unexpired; then the code is exchanged, the tokens are sealed and
 * stored, and the ad accounts are listed (all managed until the person picks).
 */
export async function completeConnection(
  deps: IntegrationDependencies,
  input: { viewer: ConnectingViewer; platform: string; query: URLSearchParams },
): Promise<CompletedConnection> {
  const platform = input.platform;
  if (!isAdPlatform(platform) && !isStorePlatform(platform)) throw new ConnectionFailedError("unknown platform");
  // WooCommerce returns our state as `user_id`.
  const state = input.query.get("state") ?? input.query.get("user_id");
  if (!state) throw new ConnectionFailedError("no state");
  const stateHash = hashState(state);
  const saved = await deps.connections.findOAuthState(stateHash);
  if (!saved) throw new ConnectionFailedError("unknown state");
  if (saved.platform !== platform) throw new ConnectionFailedError("state of another platform");
  if (
    saved.sessionId !== input.viewer.sessionId ||
    saved.userId !== input.viewer.userId ||
    saved.organizationId !== input.viewer.organizationId
  )
    throw new ConnectionFailedError("state of another session");
  if (saved.expiresAt.getTime() < Date.now()) throw new ConnectionFailedError("state expired");
  if (!(await deps.connections.consumeOAuthState(stateHash, new Date())))
    throw new ConnectionFailedError("state already used");
  if (input.query.has("error") || input.query.get("success") === "0")
    throw new ConnectionFailedError(`denied: ${input.query.get("error") ?? "success=0"}`);

  const redirectUri = callbackUrlFor(deps.appUrl, platform);
  const seal = (tokens: TokenSet): SealedTokens => ({
    sealedAccessToken: deps.cipher.encrypt(tokens.accessToken),
    sealedRefreshToken: tokens.refreshToken ? deps.cipher.encrypt(tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
  });

  try {
    if (isStorePlatform(platform)) {
      const connector = deps.connectors.storeConnector(platform);
      const storeAddress = saved.storeAddress ?? "";
      const tokens = saved.pendingTokensSealed
        ? reviveTokens(deps.cipher.decrypt(saved.pendingTokensSealed))
        : await connector.completeAuthorization(input.query, { state, redirectUri, storeAddress });
      const store = await withRetry(() => connector.describeStore(tokens), CALLBACK_RETRY);
      const connectionId = await deps.connections.saveGrant({
        organizationId: saved.organizationId,
        platform,
        userId: saved.userId,
        tokens: seal(tokens),
        context: { ...tokens.context, storeCurrency: store.currency, storeTimeZone: store.timeZone },
        displayName: store.name,
      });
      await requestSync(deps, { organizationId: saved.organizationId, connectionId, kind: "backfill" });
      return { connectionId, platform, needsAccountChoice: false };
    }

    const connector = deps.connectors.adConnector(platform);
    if (!input.query.get("code") && !input.query.get("auth_code")) throw new ConnectionFailedError("no code");
    const tokens = await connector.exchangeCode(input.query, redirectUri);
    const accounts = await withRetry(() => connector.listAdAccounts(tokens), CALLBACK_RETRY);
    const connectionId = await deps.connections.saveGrant({
      organizationId: saved.organizationId,
      platform,
      userId: saved.userId,
      tokens: seal(tokens),
      context: tokens.context,
      displayName: null,
    });
    await deps.connections.upsertAdAccounts(saved.organizationId, connectionId, accounts, true);
    return { connectionId, platform, needsAccountChoice: true };
  } catch (error) {
    if (error instanceof ConnectionFailedError) throw error;
    throw new ConnectionFailedError(`exchange failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * WooCommerce's server-side step: the store POSTs the generated API keys to our callback before it
 * sends the browser back. They are held, sealed, on the OAuth state until that browser returns.
 */
export async function receiveStoreKeys(
  deps: IntegrationDependencies,
  input: { platform: StorePlatformId; body: Record<string, unknown> },
): Promise<void> {
  const state = typeof input.body.user_id === "string" ? input.body.user_id : String(input.body.user_id ?? "");
  const saved = state ? await deps.connections.findOAuthState(hashState(state)) : null;
  if (!saved || saved.platform !== input.platform || saved.usedAt || saved.expiresAt.getTime() < Date.now())
    throw new AppError("bad_request", "Unknown or expired authorization.");
  const tokens = await deps.connectors.storeConnector(input.platform).completeAuthorization(input.body, {
    state,
    redirectUri: callbackUrlFor(deps.appUrl, input.platform),
    storeAddress: saved.storeAddress ?? "",
  });
  const sealed = deps.cipher.encrypt(JSON.stringify({ ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null }));
  if (!(await deps.connections.attachPendingTokens(hashState(state), sealed)))
    throw new AppError("conflict", "These keys were already received.");
}

function reviveTokens(json: string): TokenSet {
  const parsed = JSON.parse(json) as Omit<TokenSet, "expiresAt"> & { expiresAt: string | null };
  return { ...parsed, expiresAt: parsed.expiresAt ? new Date(parsed.expiresAt) : null };
}
