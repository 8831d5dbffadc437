import { AppError } from "#core/errors/app-error.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import { requestSync } from "./request-sync.ts";
import { requireConnectedConnection } from "./require-connection.ts";

/**
 * The account picker's answer: manage exactly these ad accounts. A connection that never synced
 * starts its backfill now (until then it waits for this choice: see `awaitsAccountChoice`); a
 * later change syncs again so newly picked accounts fill in.
 */
export async function chooseAdAccounts(
  deps: Pick<ConnectionParts, "connections" | "jobs" | "assertWithinLimit">,
  input: { organizationId: string; connectionId: string; adAccountIds: string[] },
): Promise<{ managed: number }> {
  const connection = await requireConnectedConnection(deps.connections, input.organizationId, input.connectionId);
  if (input.adAccountIds.length === 0)
    throw new AppError("unprocessable_entity", "Choose at least one ad account to manage.", { field: "adAccountIds" });
  const known = new Set(
    (await deps.connections.listAdAccounts(input.organizationId, input.connectionId)).map((account) => account.id),
  );
  if (input.adAccountIds.some((id) => !known.has(id)))
    throw new AppError("unprocessable_entity", "Some of those ad accounts are not part of this connection.", {
      field: "adAccountIds",
    });
  await deps.assertWithinLimit?.(input.organizationId, "adAccounts", {
    adding: input.adAccountIds.length,
    exceptConnectionId: input.connectionId,
  });
  const managed = await deps.connections.setManagedAccounts(
    input.organizationId,
    input.connectionId,
    input.adAccountIds,
  );
  if (!connection.lastSyncedAt && connection.status === "active")
    // The first sync is on its way: the card says so at once rather than asking to choose again.
    // Marked before it is queued, so a worker that finishes first leaves it active, not stuck.
    await deps.connections.setStatus(connection.id, "syncing");
  await requestSync(deps, {
    organizationId: input.organizationId,
    connectionId: input.connectionId,
    kind: connection.lastSyncedAt ? "manual" : "backfill",
  });
  return { managed };
}
