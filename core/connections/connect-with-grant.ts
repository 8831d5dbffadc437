import type { TokenSet } from "#core/shared/connector-port.ts";
import { type AdPlatformId, isStorePlatform, type StorePlatformId } from "#core/shared/platforms.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import { requestSync } from "./request-sync.ts";
import { saveAdPlatformGrant, saveStoreGrant } from "./save-grant.ts";

/**
 * Connects a platform with a grant obtained outside the browser's OAuth flow (the demo seed's
 * sandbox grants): the tokens are sealed and stored, and the backfill is queued at once, every ad
 * account managed.
 */
export async function connectWithGrant(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher" | "jobs">,
  input: { organizationId: string; userId: string; platform: AdPlatformId | StorePlatformId; tokens: TokenSet },
): Promise<{ connectionId: string }> {
  const { platform, ...owner } = input;
  if (isStorePlatform(platform)) return { connectionId: await saveStoreGrant(deps, { ...owner, platform }) };
  const connectionId = await saveAdPlatformGrant(deps, { ...owner, platform });
  await requestSync(deps, { organizationId: input.organizationId, connectionId, kind: "backfill" });
  return { connectionId };
}
