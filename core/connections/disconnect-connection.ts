import { AppError } from "#core/errors/app-error.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { ConnectionParts } from "./connection-parts.ts";
import { type PlatformAccessOutcome, revokeConnectionAccess } from "./revoke-platform-access.ts";

/**
 * Disconnects: the platform is asked to drop the grant first where it allows it (a failure there
 * is logged and does not stop the disconnect), then syncing stops (a running sync stops at its
 * next step), the tokens are forgotten, and the synced data is kept or deleted as the person chose.
 * `platformAccess` says what became of the grant at the platform ("not_supported": the person
 * removes the app there themselves).
 */
export async function disconnectConnection(
  deps: Pick<ConnectionParts, "connections" | "connectors" | "cipher"> & { logger?: Logger },
  input: { organizationId: string; connectionId: string; deleteData: boolean },
): Promise<{ platformAccess: PlatformAccessOutcome }> {
  const connection = await deps.connections.findById(input.organizationId, input.connectionId);
  if (!connection) throw new AppError("not_found", "This connection no longer exists.");
  const platformAccess = await revokeConnectionAccess(deps, connection);
  await deps.connections.disconnect(input.organizationId, input.connectionId, { deleteData: input.deleteData });
  return { platformAccess };
}
