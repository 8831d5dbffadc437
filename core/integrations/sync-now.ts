import { AppError } from "../errors/app-error.ts";
import type { IntegrationDependencies } from "./integration-dependencies.ts";
import { requestSync } from "./request-sync.ts";

/** "Sync now" on a card: false when a sync of this connection is already queued or running. */
export async function syncNow(
  deps: Pick<IntegrationDependencies, "connections" | "jobs">,
  input: { organizationId: string; connectionId: string },
): Promise<{ isQueued: boolean }> {
  const connection = await deps.connections.findById(input.organizationId, input.connectionId);
  if (!connection || connection.status === "disconnected")
    throw new AppError("not_found", "This connection no longer exists.");
  const isQueued = await requestSync(deps, {
    organizationId: input.organizationId,
    connectionId: input.connectionId,
    kind: connection.lastSyncedAt ? "manual" : "backfill",
  });
  return { isQueued };
}
