import type { SyncRunKind } from "#core/shared/domain-enums.ts";
import type { ConnectionParts } from "./connection-parts.ts";

export const SYNC_QUEUE = "connection-sync";

/**
 * Queues a sync of one connection. One sync per connection is queued or running at a time, so a
 * second request while one is pending is dropped (and reported as such).
 */
export async function requestSync(
  deps: Pick<ConnectionParts, "jobs">,
  input: { organizationId: string; connectionId: string; kind: SyncRunKind },
): Promise<boolean> {
  return deps.jobs.enqueue(
    SYNC_QUEUE,
    { organizationId: input.organizationId, connectionId: input.connectionId, kind: input.kind },
    { singletonKey: input.connectionId },
  );
}
