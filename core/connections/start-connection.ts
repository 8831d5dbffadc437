import { createHash, randomBytes } from "node:crypto";
import { AppError } from "#core/errors/app-error.ts";
import { isAdPlatform, isStorePlatform, type PlatformId } from "#core/shared/platforms.ts";
import { type ConnectingViewer, type ConnectionParts, callbackUrlFor } from "./connection-parts.ts";
import { findListing } from "./platform-catalog.ts";

/** Long enough to read a consent screen and sign in to the platform, short enough to be useless later. */
export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;

export function hashState(state: string): string {
  return createHash("sha256").update(state).digest("hex");
}

/**
 * Starts connecting a platform: binds a fresh, single-use `state` to the session, user and
 * organization, and returns the platform's consent URL. Stores first need their address.
 */
export async function startConnection(
  deps: ConnectionParts,
  input: { viewer: ConnectingViewer; platform: string; storeAddress?: string },
): Promise<{ authorizeUrl: string }> {
  const listing = findListing(input.platform);
  if (!listing) throw new AppError("not_found", "There is no such platform.");
  if (listing.isComingSoon)
    throw new AppError("bad_request", `${listing.name} is coming soon and cannot be connected yet.`);
  const platform = listing.id as PlatformId;
  if (deps.connectors.modeOf(platform) === "unavailable")
    throw new AppError("bad_request", `${listing.name} is not configured on this server.`);

  let storeAddress: string | null = null;
  if (isStorePlatform(platform)) {
    const connector = deps.connectors.storeConnector(platform);
    storeAddress = connector.normalizeStoreAddress(input.storeAddress ?? "");
    // e.g. an http:// store in production, where keys must not travel in clear text.
    const problem = storeAddress ? connector.storeAddressProblem?.(storeAddress) : null;
    if (!storeAddress || problem)
      throw new AppError(
        "unprocessable_entity",
        problem ??
          `Enter your ${listing.storeAddress?.label.toLowerCase()}, like ${listing.storeAddress?.placeholder}.`,
        {
          field: "storeAddress",
        },
      );
  }

  const state = randomBytes(32).toString("base64url");
  await deps.connections.createOAuthState({
    stateHash: hashState(state),
    organizationId: input.viewer.organizationId,
    userId: input.viewer.userId,
    sessionId: input.viewer.sessionId,
    platform,
    storeAddress,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const redirectUri = callbackUrlFor(deps.appUrl, platform);
  if (isAdPlatform(platform))
    return { authorizeUrl: deps.connectors.adConnector(platform).authorizeUrl({ state, redirectUri }) };
  return {
    authorizeUrl: deps.connectors
      .storeConnector(platform as "shopify" | "woocommerce")
      .authorizeUrl({ state, redirectUri, storeAddress: storeAddress as string }),
  };
}
