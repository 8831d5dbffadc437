import { AppError } from "#core/errors/app-error.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignDetail, DateRange } from "./analytics-types.ts";
import { withPeriodKpis } from "./campaign-rows.ts";
import { listDays, previousRange } from "./date-range.ts";
import { emptySums } from "./kpis.ts";

/** A campaign's page: its row (range and previous period) and one point per day of the range. */
export async function getCampaignDetail(
  { analytics }: { analytics: AnalyticsRepository },
  input: { organizationId: string; campaignId: string; range: DateRange },
): Promise<CampaignDetail> {
  const campaign = await analytics.findCampaign(input.organizationId, input.campaignId);
  if (!campaign) throw new AppError("not_found", "This campaign does not exist or is not managed by your team.");
  const previous = previousRange(input.range);
  const [[row], days] = await Promise.all([
    withPeriodKpis(analytics, input.organizationId, [campaign], input.range, previous),
    analytics.listCampaignDays(input.organizationId, input.campaignId, input.range),
  ]);
  const byDate = new Map(days.map((day) => [day.date, day]));
  return {
    // withPeriodKpis returns one row per campaign given.
    campaign: row as NonNullable<typeof row>,
    daily: listDays(input.range).map((date) => byDate.get(date) ?? { date, ...emptySums() }),
    range: input.range,
    previousRange: previous,
  };
}
