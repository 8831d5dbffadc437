import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** A connection whose platform stopped answering: its sync failed for a passing reason and is being retried. */
export interface PlatformOutage {
  platform: string;
  /** When the connection last changed state (the failure the sync is retrying). */
  since: Date;
}

export interface HealthRepository {
  /** The organization's connections whose sync is waiting to retry after a platform outage, one per platform. */
  listPlatformOutages(organizationId: string): Promise<PlatformOutage[]>;
}

export function createHealthRepository(db: Kysely<Database>): HealthRepository {
  return {
    async listPlatformOutages(organizationId) {
      // Only a passing failure (an outage, a timeout, throttling) leaves a connection "syncing" with
      // an error: the sync stays open and its job runs again. A lasting one (access revoked, a
      // refused request) sets "error", which the connection's card explains.
      const rows = await db
        .selectFrom("connections")
        .select(["platform", "updated_at"])
        .where("organization_id", "=", organizationId)
        .where("status", "=", "syncing")
        .where("last_error", "is not", null)
        .orderBy("platform")
        .execute();
      const byPlatform = new Map<string, PlatformOutage>();
      for (const row of rows) {
        const since = new Date(row.updated_at);
        const known = byPlatform.get(row.platform);
        if (!known || since < known.since) byPlatform.set(row.platform, { platform: row.platform, since });
      }
      return [...byPlatform.values()];
    },
  };
}
