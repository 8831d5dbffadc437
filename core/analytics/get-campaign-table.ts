import { AppError } from "#core/errors/app-error.ts";
import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignTablePage, CampaignTableQuery, Kpis } from "./analytics-types.ts";
import { withPeriodKpis } from "./campaign-rows.ts";
import { previousRange } from "./date-range.ts";
import { toKpis } from "./kpis.ts";

/**
 * The table's footer for one currency: the totals of every campaign matching the filters (all
 * pages) and their ratios, each a ratio of the sums (CTR = clicks / impressions, CPA = spend /
 * conversions, ROAS = revenue / spend, CPC = spend / clicks), never an average of the rows' ratios.
 */
export interface CampaignTableTotals {
  currency: string;
  campaigns: number;
  kpis: Kpis;
}

/** The largest page the table (or an export) may ask for. */
export const MAX_CAMPAIGN_PAGE_SIZE = 500;

/**
 * One page of the campaigns table: every managed campaign matching the filters (removed ones only
 * when the status filter asks for them), sorted by any column over the range (ratios without a
 * value last), with KPIs for the range and for the same-length period before it, and the totals of
 * every matching campaign (all pages) per currency.
 */
export async function getCampaignTable(
  { analytics }: { analytics: AnalyticsRepository },
  query: CampaignTableQuery,
): Promise<CampaignTablePage & { totals: CampaignTableTotals[] }> {
  if (!Number.isInteger(query.page) || query.page < 1)
    throw new AppError("unprocessable_entity", "The page number must be a whole number from 1.");
  if (!Number.isInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > MAX_CAMPAIGN_PAGE_SIZE)
    throw new AppError("unprocessable_entity", `A page holds 1 to ${MAX_CAMPAIGN_PAGE_SIZE} campaigns.`);
  const previous = previousRange(query.range);
  const [{ campaigns, total }, sums] = await Promise.all([
    analytics.listCampaignPage(query),
    query.withTotals === false ? [] : analytics.sumCampaignTable(query.organizationId, query.range, query.filters),
  ]);
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
    totals: sums.map(({ currency, campaigns: count, ...metrics }) => ({
      currency,
      campaigns: count,
      kpis: toKpis(metrics),
    })),
  };
}
