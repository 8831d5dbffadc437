/**
 * The numerator of the rules' blended ROAS: per day and currency, the store revenue the
 * organization's connected ad platforms claim, by the dashboard's own rule (`storeOrderClaimant`
 * in core/analytics): unattributed orders never count.
 */
import { type Kysely, sql } from "kysely";
import {
  type ClaimingAccount,
  needsCampaignTags,
  storeOrderClaimant,
  type TaggableCampaign,
} from "#core/analytics/utm-attribution.ts";
import { visibleAccounts, visibleCampaigns } from "#core/campaigns/visible-campaigns.ts";
import { addDays, type CalendarDate } from "#core/dates/calendar-date.ts";
import type { Database } from "#core/db/schema.ts";
import { isAdPlatform } from "#core/shared/platforms.ts";
import type { CurrencyDayAmount } from "./evaluation-context.ts";

export async function loadClaimedStoreRevenue(
  db: Kysely<Database>,
  organizationId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<CurrencyDayAmount[]> {
  const accounts = await visibleAccounts(db, organizationId).select(["n.platform", "a.currency"]).distinct().execute();
  const claiming: ClaimingAccount[] = accounts.flatMap((row) =>
    isAdPlatform(row.platform) ? [{ platform: row.platform, currency: row.currency }] : [],
  );
  if (claiming.length === 0) return [];
  const byCampaignTag = needsCampaignTags(claiming);
  const [rows, campaignRows] = await Promise.all([
    byCampaignTag
      ? // The rollup has no utm_campaign: the orders themselves, on the same UTC days.
        db
          .selectFrom("store_orders as o")
          .innerJoin("connections as n", "n.id", "o.connection_id")
          .where("o.organization_id", "=", organizationId)
          .where("n.status", "!=", "disconnected")
          .where("o.ordered_at", ">=", from)
          .where("o.ordered_at", "<", addDays(to, 1))
          .groupBy([sql`substr(o.ordered_at, 1, 10)`, "o.currency", "o.utm_source", "o.utm_campaign"])
          .select([
            sql<string>`substr(o.ordered_at, 1, 10)`.as("date"),
            "o.currency",
            "o.utm_source",
            "o.utm_campaign",
            sql<number>`sum(o.total_minor - o.refunded_minor)`.as("amount"),
          ])
          .execute()
      : db
          .selectFrom("store_order_daily_revenue as r")
          .innerJoin("connections as n", "n.id", "r.connection_id")
          .where("r.organization_id", "=", organizationId)
          .where("n.status", "!=", "disconnected")
          .where("r.date", ">=", from)
          .where("r.date", "<=", to)
          .groupBy(["r.date", "r.currency", "r.utm_source"])
          .select([
            "r.date",
            "r.currency",
            "r.utm_source",
            sql<string | null>`null`.as("utm_campaign"),
            sql<number>`sum(r.revenue_minor)`.as("amount"),
          ])
          .execute(),
    byCampaignTag
      ? visibleCampaigns(db, organizationId, { removed: "include" })
          .select(["n.platform", "c.name", "c.external_id", "c.currency"])
          .execute()
      : [],
  ]);
  const campaigns: TaggableCampaign[] = campaignRows.flatMap((row) =>
    isAdPlatform(row.platform)
      ? [{ platform: row.platform, name: row.name, externalId: row.external_id, currency: row.currency }]
      : [],
  );
  const claimant = storeOrderClaimant(claiming, campaigns);
  return rows.flatMap((row) =>
    claimant(row.utm_source, row.currency, row.utm_campaign)
      ? [{ date: row.date, currency: row.currency, amountMinor: Number(row.amount) }]
      : [],
  );
}
