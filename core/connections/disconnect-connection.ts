import { AppError } from "#core/errors/app-error.ts";
import type { ConnectionParts } from "./connection-parts.ts";

/**
 * Disconnects: syncing stops (a running sync stops at its next step), the tokens are forgotten,
 * and the synced data is kept or deleted as the person chose.
 */
export async function disconnectConnection(
  deps: Pick<ConnectionParts, "connections">,
  input: { organizationId: string; connectionId: string; deleteData: boolean },
): Promise<void> {
  const connection = await deps.connections.findById(input.organizationId, input.connectionId);
  if (!connection) throw new AppError("not_found", "This connection no longer exists.");
  await deps.connections.disconnect(input.organizationId, input.connectionId, { deleteData: input.deleteData });
}
