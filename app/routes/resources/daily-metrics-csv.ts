import {
  DAILY_METRICS_CSV_HEADER,
  dailyMetricCsvRow,
  exportFilename,
} from "#app/components/campaigns/campaign-csv.server.ts";
import { analyticsRangeFor } from "#app/components/campaigns/campaign-range.server.ts";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { csvResponse, csvStream } from "#app/components/campaigns/csv-writer.ts";
import { appContext } from "#app/lib/app-context.ts";
import { requireViewerContext } from "#app/lib/session.server.ts";
import { listDailyMetricRows } from "#core/analytics/list-daily-metric-rows.ts";
import type { Route } from "./+types/daily-metrics-csv";

/**
 * GET /exports/daily-metrics.csv: one row per campaign and day of the range, for the campaigns the
 * table's filters match, streamed in batches. Only the viewer's organization.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const searchParams = new URL(request.url).searchParams;
  const { range } = await analyticsRangeFor(viewer, services, searchParams);
  const { filters } = parseCampaignTableParams(searchParams);
  const rows = listDailyMetricRows(services, {
    organizationId: viewer.organization.organizationId,
    range: { from: range.from, to: range.to },
    filters,
  });
  const batches = async function* () {
    for await (const batch of rows) yield batch.map(dailyMetricCsvRow);
  };
  return csvResponse(exportFilename("daily-metrics", range), csvStream(DAILY_METRICS_CSV_HEADER, batches()));
}
