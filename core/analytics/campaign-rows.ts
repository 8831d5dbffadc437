import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignRow, CampaignSummary, DateRange } from "./analytics-types.ts";
import { emptySums, toKpis } from "./kpis.ts";

/** The given campaigns, in their order, with their KPIs for `range` and for `previous`. */
export async function withPeriodKpis(
  analytics: AnalyticsRepository,
  organizationId: string,
  campaigns: CampaignSummary[],
  range: DateRange,
  previous: DateRange,
): Promise<CampaignRow[]> {
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((campaign) => campaign.id);
  const [current, before] = await Promise.all([
    analytics.sumByCampaign(organizationId, ids, range),
    analytics.sumByCampaign(organizationId, ids, previous),
  ]);
  return campaigns.map((campaign) => ({
    ...campaign,
    current: toKpis(current.get(campaign.id) ?? emptySums()),
    previous: toKpis(before.get(campaign.id) ?? emptySums()),
  }));
}
