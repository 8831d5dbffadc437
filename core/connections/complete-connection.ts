import { AppError } from "#core/errors/app-error.ts";
import { sealedPlace } from "#core/security/token-cipher.ts";
import type { TokenSet } from "#core/shared/connector-port.ts";
import { isAdPlatform, isStorePlatform, type PlatformId, type StorePlatformId } from "#core/shared/platforms.ts";
import { chooseAdAccounts } from "./choose-ad-accounts.ts";
import {
  CONNECTION_FAILED_MESSAGE,
  type ConnectingViewer,
  type ConnectionParts,
  callbackUrlFor,
} from "./connection-parts.ts";
import { type LeftUnmanaged, type SavedAdGrant, saveAdPlatformGrant, saveStoreGrant } from "./save-grant.ts";
import { hashState } from "./start-connection.ts";

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
  /**
   * Ad platforms go on to the account picker; stores start syncing at once, and so does an ad
   * platform that has exactly one ad account (it is chosen for the person: `chosenAutomatically`).
   */
  needsAccountChoice: boolean;
  /** How many ad accounts were chosen without asking (the only one there was); 0 otherwise. */
  chosenAutomatically?: number;
  /** Ad accounts listed but not managed because the plan's limit was reached (null: none). */
  leftUnmanaged: LeftUnmanaged | null;
}

/**
 * The platform's redirect back to us. The `state` must be one we issued to this very session and
 * organization, unused and unexpired; then the code is exchanged, the tokens are sealed and
 * stored, and the ad accounts are listed (managed until the person picks, as many as the plan allows).
 */
export async function completeConnection(
  deps: ConnectionParts,
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
  const owner = { organizationId: saved.organizationId, userId: saved.userId };
  let grant: SavedAdGrant;
  try {
    if (isStorePlatform(platform)) {
      const tokens = saved.pendingTokensSealed
        ? reviveTokens(deps.cipher.decrypt(saved.pendingTokensSealed, sealedPlace.pendingStoreTokens(stateHash)))
        : await deps.connectors
            .storeConnector(platform)
            .completeAuthorization(input.query, { state, redirectUri, storeAddress: saved.storeAddress ?? "" });
      const connectionId = await saveStoreGrant(deps, { ...owner, platform, tokens });
      return { connectionId, platform, needsAccountChoice: false, leftUnmanaged: null };
    }
    if (!input.query.get("code") && !input.query.get("auth_code")) throw new ConnectionFailedError("no code");
    const tokens = await deps.connectors.adConnector(platform).exchangeCode(input.query, redirectUri);
    grant = await saveAdPlatformGrant(deps, { ...owner, platform, tokens });
  } catch (error) {
    if (error instanceof ConnectionFailedError) throw error;
    throw new ConnectionFailedError(`exchange failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // One ad account leaves nothing to choose: it is chosen, and starts syncing, as the picker would.
  const accounts = await deps.connections.listAdAccounts(owner.organizationId, grant.connectionId);
  const [only] = accounts;
  if (accounts.length === 1 && only && !grant.leftUnmanaged) {
    await chooseAdAccounts(deps, { ...owner, connectionId: grant.connectionId, adAccountIds: [only.id] });
    return { ...grant, platform, needsAccountChoice: false, chosenAutomatically: 1 };
  }
  return { ...grant, platform, needsAccountChoice: true };
}

/**
 * WooCommerce's server-side step: the store POSTs the generated API keys to our callback before it
 * sends the browser back. They are held, sealed, on the OAuth state until that browser returns.
 */
export async function receiveStoreKeys(
  deps: ConnectionParts,
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
  const stateHash = hashState(state);
  const sealed = deps.cipher.encrypt(
    JSON.stringify({ ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null }),
    sealedPlace.pendingStoreTokens(stateHash),
  );
  if (!(await deps.connections.attachPendingTokens(stateHash, sealed)))
    throw new AppError("conflict", "These keys were already received.");
}

function reviveTokens(json: string): TokenSet {
  const parsed = JSON.parse(json) as Omit<TokenSet, "expiresAt"> & { expiresAt: string | null };
  return { ...parsed, expiresAt: parsed.expiresAt ? new Date(parsed.expiresAt) : null };
}
