/** A campaign's page, its breakdowns and the API's metrics: one campaign, or given campaigns, over a range. */
import {
  chunk,
  type Db,
  findSummaries,
  IDS_PER_STATEMENT,
  lookupDates,
  METRIC_COLUMNS,
  toSums,
} from "./analytics-sql.ts";
import type { CampaignSummary, DailyPoint, DateRange, MetricSums } from "./analytics-types.ts";

export async function findCampaign(
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<CampaignSummary | null> {
  const [campaign] = await findSummaries(db, organizationId, [campaignId]);
  return campaign ?? null;
}

export async function sumByCampaign(
  db: Db,
  organizationId: string,
  campaignIds: string[],
  range: DateRange,
): Promise<Map<string, MetricSums>> {
  const sums = new Map<string, MetricSums>();
  const dates = await lookupDates(db, organizationId, range);
  if (!dates || campaignIds.length === 0) return sums;
  for (const ids of chunk(campaignIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom("campaigns as c")
      .innerJoin("campaign_metric_cumulative as r", (join) =>
        join
          .onRef("r.ad_account_id", "=", "c.ad_account_id")
          .onRef("r.campaign_id", "=", "c.id")
          .on("r.date", "in", [dates.start, dates.end]),
      )
      .select(["r.campaign_id", "r.date", ...METRIC_COLUMNS.map((column) => `r.${column}` as const)])
      .where("c.organization_id", "=", organizationId)
      .where("c.id", "in", ids)
      .execute();
    const starts = new Map(rows.filter((row) => row.date === dates.start).map((row) => [row.campaign_id, row]));
    for (const end of rows) {
      if (end.date !== dates.end) continue;
      const start = starts.get(end.campaign_id);
      sums.set(
        end.campaign_id,
        toSums(
          Object.fromEntries(
            METRIC_COLUMNS.map((column) => [column, Number(end[column]) - Number(start?.[column] ?? 0)]),
          ),
        ),
      );
    }
  }
  return sums;
}

export async function listCampaignDays(
  db: Db,
  organizationId: string,
  campaignId: string,
  range: DateRange,
): Promise<DailyPoint[]> {
  const rows = await db
    .selectFrom("campaign_daily_metrics")
    .select(["date", ...METRIC_COLUMNS])
    .where("organization_id", "=", organizationId)
    .where("campaign_id", "=", campaignId)
    .where("date", ">=", range.from)
    .where("date", "<=", range.to)
    .orderBy("date")
    .execute();
  return rows.map((row) => ({ date: row.date, ...toSums(row) }));
}
