/** The CSV exports: every campaign-day of the visible campaigns, a batch at a time. */
import { sql } from "kysely";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { chunk, type Db, filteredCampaigns, findManagedAccountIds, METRIC_COLUMNS, toSums } from "./analytics-sql.ts";
import type { CampaignFilters, DailyMetricExportRow, DateRange } from "./analytics-types.ts";
import { countDays } from "./date-range.ts";

export async function* iterateDailyMetricRows(
  db: Db,
  organizationId: string,
  range: DateRange,
  filters: CampaignFilters,
  batchSize: number,
): AsyncIterable<DailyMetricExportRow[]> {
  const accountIds = await findManagedAccountIds(db, organizationId, filters);
  if (accountIds.length === 0) return;
  const campaigns = await filteredCampaigns(db, organizationId, accountIds, filters)
    .innerJoin("ad_accounts as a", "a.id", "c.ad_account_id")
    .innerJoin("connections as n", "n.id", "a.connection_id")
    .select(["c.id", "c.name", "n.platform", "a.name as account_name", "c.currency"])
    .orderBy("n.platform")
    .orderBy(sql`lower(a.name)`)
    .orderBy(sql`lower(c.name)`)
    .orderBy("c.id")
    .execute();
  // Each query reads about one batch: as many campaigns as a batch holds whole ranges of.
  const perQuery = Math.max(1, Math.floor(batchSize / countDays(range)));
  let batch: DailyMetricExportRow[] = [];
  for (const group of chunk(campaigns, perQuery)) {
    const rows = await db
      .selectFrom("campaign_daily_metrics")
      .select(["campaign_id", "date", "currency", ...METRIC_COLUMNS])
      .where("organization_id", "=", organizationId)
      .where(
        "campaign_id",
        "in",
        group.map((campaign) => campaign.id),
      )
      .where("date", ">=", range.from)
      .where("date", "<=", range.to)
      .orderBy("campaign_id")
      .orderBy("date")
      .execute();
    const daysOf = Map.groupBy(rows, (row) => row.campaign_id);
    for (const campaign of group)
      for (const row of daysOf.get(campaign.id) ?? []) {
        batch.push({
          date: row.date,
          campaignId: campaign.id,
          campaignName: campaign.name,
          platform: campaign.platform as AdPlatformId,
          adAccountName: campaign.account_name,
          currency: row.currency,
          ...toSums(row),
        });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
  }
  if (batch.length > 0) yield batch;
}
