import type { Kysely } from "kysely";
import { useCase } from "#core/access/permissions.ts";
import type { Database } from "#core/db/schema.ts";
import { getServiceStatus } from "./get-service-status.ts";
import { createHealthRepository } from "./health-repository.ts";

/**
 * Graceful degradation, as the app shell's banner shows it: which of the organization's platforms
 * are not answering (read from the connections, so every node tells the same story). The database
 * being unreachable is told by the server itself (server/middleware/database-unavailable.ts).
 */
export function createHealthModule({ db, retryMinutes }: { db: Kysely<Database>; retryMinutes: number }) {
  const health = createHealthRepository(db);
  return {
    getServiceStatus: useCase("workspace.read", (actor) =>
      getServiceStatus({ health, retryMinutes }, actor.organizationId),
    ),
  };
}

export type HealthModule = ReturnType<typeof createHealthModule>;
