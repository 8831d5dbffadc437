import type { ConnectionParts } from "./connection-parts.ts";
import { requestSync } from "./request-sync.ts";
import { requireConnectedConnection } from "./require-connection.ts";

/** "Sync now" on a card: false when a sync of this connection is already queued or running. */
export async function syncNow(
  deps: Pick<ConnectionParts, "connections" | "jobs">,
  input: { organizationId: string; connectionId: string },
): Promise<{ isQueued: boolean }> {
  const connection = await requireConnectedConnection(deps.connections, input.organizationId, input.connectionId);
  const isQueued = await requestSync(deps, {
    organizationId: input.organizationId,
    connectionId: input.connectionId,
    kind: connection.lastSyncedAt ? "manual" : "backfill",
  });
  return { isQueued };
}
