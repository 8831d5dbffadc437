import { type Kysely, sql } from "kysely";
import type { CalendarDate } from "../dates/calendar-date.ts";
import type { Database } from "../db/schema.ts";

export interface MoneyTotal {
  currency: string;
  amountMinor: number;
}

export interface DashboardCounts {
  managedCampaigns: number;
  connectedPlatforms: number;
  /** One total per currency: amounts in different currencies are never added up. */
  spend: MoneyTotal[];
}

export interface DashboardRepository {
  counts(organizationId: string, period: { from: CalendarDate; to: CalendarDate }): Promise<DashboardCounts>;
}

export function createDashboardRepository(db: Kysely<Database>): DashboardRepository {
  // Managed: in an ad account the team chose to manage, behind a connection that is not disconnected.
  const managedCampaigns = (organizationId: string) =>
    db
      .selectFrom("campaigns")
      .innerJoin("ad_accounts", "ad_accounts.id", "campaigns.ad_account_id")
      .innerJoin("connections", "connections.id", "ad_accounts.connection_id")
      .where("campaigns.organization_id", "=", organizationId)
      .where("ad_accounts.is_managed", "=", true)
      .where("connections.status", "!=", "disconnected");

  return {
    async counts(organizationId, { from, to }) {
      const [campaigns, platforms, spend] = await Promise.all([
        managedCampaigns(organizationId)
          .where("campaigns.status", "!=", "removed")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("connections")
          .where("organization_id", "=", organizationId)
          .where("status", "!=", "disconnected")
          .select((eb) => eb.fn.count<number>("platform").distinct().as("count"))
          .executeTakeFirstOrThrow(),
        managedCampaigns(organizationId)
          .innerJoin("campaign_daily_metrics as metrics", "metrics.campaign_id", "campaigns.id")
          .where("metrics.organization_id", "=", organizationId)
          .where("metrics.date", ">=", from)
          .where("metrics.date", "<=", to)
          .groupBy("metrics.currency")
          // SUM of a BIGINT is NUMERIC on PostgreSQL; back to BIGINT so it reads as a number.
          .select(["metrics.currency as currency", sql<number>`cast(sum(metrics.spend_minor) as bigint)`.as("amount")])
          .orderBy("metrics.currency")
          .execute(),
      ]);
      return {
        managedCampaigns: Number(campaigns.count),
        connectedPlatforms: Number(platforms.count),
        spend: spend.map((row) => ({ currency: row.currency, amountMinor: Number(row.amount) })),
      };
    },
  };
}
