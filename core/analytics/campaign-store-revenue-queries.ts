/**
 * What store revenue per campaign is read from: the organization's visible campaigns with the names
 * an order's UTM tags may give them, and the orders of its connected stores that carry a UTM source
 * and campaign, summed per quarter hour (UTC) so that each can be placed on its ad account's own day.
 */
import { sql } from "kysely";
import { visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import { type AdPlatformId, isAdPlatform } from "#core/shared/platforms.ts";
import type { Db } from "./analytics-sql.ts";

/** A visible campaign as UTM tags may name it. */
export interface CampaignIdentity {
  id: string;
  platform: AdPlatformId;
  name: string;
  externalId: string;
  currency: string;
  removed: boolean;
  /** Its ad account's time zone: the one its daily metrics' dates are in. */
  timeZone: string;
}

/** Orders of one quarter hour with the same currency and UTM source and campaign. */
export interface TaggedOrderBucket {
  /** The quarter hour's first instant, ISO 8601 UTC. */
  startsAt: string;
  currency: string;
  utmSource: string;
  utmCampaign: string;
  /** Paid totals minus refunds. */
  revenueMinor: number;
  orders: number;
}

export async function listCampaignIdentities(db: Db, organizationId: string): Promise<CampaignIdentity[]> {
  const rows = await visibleCampaigns(db, organizationId, { removed: "include" })
    .select(["c.id", "n.platform", "c.name", "c.external_id", "c.currency", "c.status", "a.time_zone"])
    .orderBy("c.id")
    .execute();
  return rows.flatMap((row) =>
    isAdPlatform(row.platform)
      ? [
          {
            id: row.id,
            platform: row.platform,
            name: row.name,
            externalId: row.external_id,
            currency: row.currency,
            removed: row.status === "removed",
            timeZone: row.time_zone,
          },
        ]
      : [],
  );
}

/** Tagged orders of connected stores placed in [fromInstant, toInstant) (ISO 8601 UTC). */
export async function listTaggedOrderBuckets(
  db: Db,
  organizationId: string,
  fromInstant: string,
  toInstant: string,
): Promise<TaggedOrderBucket[]> {
  // Order times are ISO 8601 UTC: the hour is their first 13 characters, the minutes the two after the colon.
  const hour = sql<string>`substr(o.ordered_at, 1, 13)`;
  const quarter = sql<number>`cast(substr(o.ordered_at, 15, 2) as integer) / 15`;
  const rows = await db
    .selectFrom("store_orders as o")
    .innerJoin("connections as n", "n.id", "o.connection_id")
    .where("o.organization_id", "=", organizationId)
    .where("n.status", "!=", "disconnected")
    .where("o.ordered_at", ">=", fromInstant)
    .where("o.ordered_at", "<", toInstant)
    .where("o.utm_source", "is not", null)
    .where("o.utm_campaign", "is not", null)
    .groupBy([hour, quarter, "o.currency", "o.utm_source", "o.utm_campaign"])
    .select([
      hour.as("hour"),
      quarter.as("quarter"),
      "o.currency",
      "o.utm_source",
      "o.utm_campaign",
      sql<number>`cast(sum(o.total_minor - o.refunded_minor) as bigint)`.as("revenue"),
      sql<number>`cast(count(*) as bigint)`.as("orders"),
    ])
    .execute();
  return rows.map((row) => ({
    startsAt: `${row.hour}:${String(Number(row.quarter) * 15).padStart(2, "0")}:00.000Z`,
    currency: row.currency,
    utmSource: row.utm_source ?? "",
    utmCampaign: row.utm_campaign ?? "",
    revenueMinor: Number(row.revenue),
    orders: Number(row.orders),
  }));
}
