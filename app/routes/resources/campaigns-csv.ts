import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { appContext } from "#app/lib/app-context.ts";
import { csvResponse } from "#app/lib/csv-response.ts";
import { languageFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/campaigns-csv";

/**
 * GET /exports/campaigns.csv: the campaigns table as on screen (the same query string: filters,
 * sort and date range), every page, streamed a page at a time. Only the viewer's organization; in
 * the viewer's language (header row, status labels, file name).
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
  const { filters, sort } = parseCampaignTableParams(searchParams);
  const csv = await services.campaigns.exportCampaignsCsv(actor, {
    range,
    filters,
    sort,
    language: await languageFor(request, context),
  });
  return csvResponse(csv.filename, csv.body);
}
