import type { Kysely } from "kysely";
import type { Database } from "#core/db/schema.ts";

/** A connection whose platform stopped answering: its sync failed for a passing reason (it is retried, or will be at the next scheduled sync). */
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
      // A passing failure (an outage, a timeout, throttling) leaves a connection "syncing" with an
      // error while its job runs again, and "error" with that kind once the job gave up (the next
      // scheduled sync tries again). A lasting one (access revoked, a refused request) is the
      // connection card's to explain.
      const rows = await db
        .selectFrom("connections")
        .select(["platform", "updated_at"])
        .where("organization_id", "=", organizationId)
        .where("last_error", "is not", null)
        .where((eb) =>
          eb.or([
            eb("status", "=", "syncing"),
            eb.and([eb("status", "=", "error"), eb("last_error_kind", "in", ["unavailable", "throttled"])]),
          ]),
        )
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
