import type { AnalyticsRepository } from "./analytics-repository.ts";
import type { CampaignFilters, DailyMetricExportRow, DateRange } from "./analytics-types.ts";

export const DAILY_METRIC_EXPORT_BATCH = 2_000;

/**
 * Every campaign-day of the managed campaigns matching the filters, in batches (date, then
 * campaign), for the streamed CSV: only one batch is in memory at a time.
 */
export function listDailyMetricRows(
  { analytics }: { analytics: AnalyticsRepository },
  input: { organizationId: string; range: DateRange; filters: CampaignFilters; batchSize?: number },
): AsyncIterable<DailyMetricExportRow[]> {
  return analytics.iterateDailyMetricRows(
    input.organizationId,
    input.range,
    input.filters,
    input.batchSize ?? DAILY_METRIC_EXPORT_BATCH,
  );
}
