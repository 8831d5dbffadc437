import type { Kysely } from "kysely";
import { systemActor } from "#core/access/actor.ts";
import type { Database } from "#core/db/schema.ts";
import { createConnectionRepository } from "./connection-repository.ts";
import type { ConnectionsModule } from "./connections-module.ts";

/** Who the scheduled syncs act as, in the change log and the permission check. */
export const SYNC_ACTOR = { id: "sync", label: "Adhelm sync" } as const;

/** How many due connections one tick queues at most; the next tick takes the rest. */
const DUE_PER_TICK = 200;

/**
 * The sync schedule, across organizations: the background work's once-a-minute tick. It finds
 * what is due and queues each sync through the connections module's `requestSync`, as Adhelm
 * acting for that connection's organization.
 */
export function createSyncSchedule(deps: { db: Kysely<Database>; requestSync: ConnectionsModule["requestSync"] }) {
  const connections = createConnectionRepository(deps.db);
  return {
    /** Queues an incremental sync of every connection whose last sync is older than the interval. */
    async queueDueSyncs(intervalMinutes: number, now: Date = new Date()): Promise<number> {
      const due = await connections.listDueForSync(new Date(now.getTime() - intervalMinutes * 60_000), DUE_PER_TICK);
      let queued = 0;
      for (const connection of due) {
        const actor = systemActor(connection.organizationId, SYNC_ACTOR);
        if (await deps.requestSync(actor, { connectionId: connection.id, kind: "incremental" })) queued += 1;
      }
      return queued;
    },
    /** Forgets connect flows that were never completed. */
    async forgetExpiredOAuthStates(before: Date): Promise<void> {
      await connections.deleteExpiredOAuthStates(before);
    },
  };
}

export type SyncSchedule = ReturnType<typeof createSyncSchedule>;
