import type { TokenSet } from "#core/shared/connector-port.ts";
import { type AdPlatformId, isStorePlatform, type StorePlatformId } from "#core/shared/platforms.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import { requestSync } from "./request-sync.ts";
import { type LeftUnmanaged, saveAdPlatformGrant, saveStoreGrant } from "./save-grant.ts";

/**
 * Connects a platform with a grant obtained outside the browser's OAuth flow (the demo seed's
 * sandbox grants): the tokens are sealed and stored, and the backfill is queued at once, every ad
 * account managed that the plan allows (`leftUnmanaged` counts the others).
 */
export async function connectWithGrant(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher" | "jobs" | "roomWithinLimit">,
  input: { organizationId: string; userId: string; platform: AdPlatformId | StorePlatformId; tokens: TokenSet },
): Promise<{ connectionId: string; leftUnmanaged: LeftUnmanaged | null }> {
  const { platform, ...owner } = input;
  if (isStorePlatform(platform))
    return { connectionId: await saveStoreGrant(deps, { ...owner, platform }), leftUnmanaged: null };
  const saved = await saveAdPlatformGrant(deps, { ...owner, platform });
  // Chosen already (every account the plan allows): it shows as syncing, not as waiting for a choice.
  await deps.connections.setStatus(saved.connectionId, "syncing");
  await requestSync(deps, { organizationId: input.organizationId, connectionId: saved.connectionId, kind: "backfill" });
  return saved;
}
