import type { Kysely } from "kysely";
import { visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import type { Database } from "#core/db/schema.ts";

export interface DashboardCounts {
  /** Enabled and paused campaigns in managed ad accounts behind live connections. */
  managedCampaigns: number;
  /** Distinct platforms (ad platforms and stores) with a connection that is not disconnected. */
  connectedPlatforms: number;
}

export interface DashboardRepository {
  counts(organizationId: string): Promise<DashboardCounts>;
}

export function createDashboardRepository(db: Kysely<Database>): DashboardRepository {
  return {
    async counts(organizationId) {
      const [campaigns, platforms] = await Promise.all([
        visibleCampaigns(db, organizationId, { removed: "exclude" })
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("connections")
          .where("organization_id", "=", organizationId)
          .where("status", "!=", "disconnected")
          .select((eb) => eb.fn.count<number>("platform").distinct().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return { managedCampaigns: Number(campaigns.count), connectedPlatforms: Number(platforms.count) };
    },
  };
}
