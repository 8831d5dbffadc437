import { AppError } from "#core/errors/app-error.ts";
import type { ConnectionRecord, ConnectionRepository } from "./connection-repository.ts";

/** The organization's connection, still connected; anything else is "not found" to the caller. */
export async function requireConnectedConnection(
  connections: ConnectionRepository,
  organizationId: string,
  connectionId: string,
): Promise<ConnectionRecord> {
  const connection = await connections.findById(organizationId, connectionId);
  if (!connection || connection.status === "disconnected")
    throw new AppError("not_found", "This connection no longer exists.");
  return connection;
}
