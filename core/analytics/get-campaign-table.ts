import { AppError } from "#core/errors/app-error.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignTablePage, CampaignTableQuery } from "./analytics-types.ts";
import { withPeriodKpis } from "./campaign-rows.ts";
import { previousRange } from "./date-range.ts";

/** The largest page the table (or an export) may ask for. */
export const MAX_CAMPAIGN_PAGE_SIZE = 500;

/**
 * One page of the campaigns table: every managed campaign matching the filters (removed ones only
 * when the status filter asks for them), sorted by any column over the range (ratios without a
 * value last), with KPIs for the range and for the same-length period before it.
 */
export async function getCampaignTable(
  { analytics }: { analytics: AnalyticsRepository },
  query: CampaignTableQuery,
): Promise<CampaignTablePage> {
  if (!Number.isInteger(query.page) || query.page < 1)
    throw new AppError("unprocessable_entity", "The page number must be a whole number from 1.");
  if (!Number.isInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > MAX_CAMPAIGN_PAGE_SIZE)
    throw new AppError("unprocessable_entity", `A page holds 1 to ${MAX_CAMPAIGN_PAGE_SIZE} campaigns.`);
  const previous = previousRange(query.range);
  const { campaigns, total } = await analytics.listCampaignPage(query);
  const [rows, labels] = await Promise.all([
    withPeriodKpis(analytics, query.organizationId, campaigns, query.range, previous),
    analytics.labelsOf(
      query.organizationId,
      campaigns.map((campaign) => campaign.id),
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, labels: labels.get(row.id) ?? [] })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    range: query.range,
    previousRange: previous,
  };
}
