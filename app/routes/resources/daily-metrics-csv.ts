import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { appContext } from "#app/lib/app-context.ts";
import { csvResponse } from "#app/lib/csv-response.ts";
import { languageFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/daily-metrics-csv";

/**
 * GET /exports/daily-metrics.csv: one row per campaign and day of the range, for the campaigns the
 * table's filters match, streamed in batches. Only the viewer's organization; in the viewer's
 * language (header row, file name).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const searchParams = new URL(request.url).searchParams;
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone: viewer.profile?.timezone ?? "UTC",
    searchParams,
  });
  const { filters } = parseCampaignTableParams(searchParams);
  const csv = await services.campaigns.exportDailyMetricsCsv(actor, {
    range,
    filters,
    language: await languageFor(request, context),
  });
  return csvResponse(csv.filename, csv.body);
}
