import { AppError } from "#core/errors/app-error.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignMetrics, CampaignMetricsQuery } from "./analytics-types.ts";
import { listDays } from "./date-range.ts";
import { emptySums, toKpis } from "./kpis.ts";

/** A campaign's KPIs over a range (for the public API): the total, and each day when asked. */
export async function getCampaignMetrics(
  { analytics }: { analytics: AnalyticsRepository },
  query: CampaignMetricsQuery,
): Promise<CampaignMetrics> {
  const campaign = await analytics.findCampaign(query.organizationId, query.campaignId);
  if (!campaign) throw new AppError("not_found", "No campaign with this id.");
  const totals = await analytics.sumByCampaign(query.organizationId, [campaign.id], query.range);
  const metrics: CampaignMetrics = {
    campaign,
    range: query.range,
    total: toKpis(totals.get(campaign.id) ?? emptySums()),
  };
  if (query.granularity === "daily") {
    const days = await analytics.listCampaignDays(query.organizationId, campaign.id, query.range);
    const byDate = new Map(days.map(({ date, ...sums }) => [date, sums]));
    metrics.daily = listDays(query.range).map((date) => ({ date, ...toKpis(byDate.get(date) ?? emptySums()) }));
  }
  return metrics;
}
