import { CAMPAIGN_CSV_HEADER, campaignCsvRow, exportFilename } from "#app/components/campaigns/campaign-csv.server.ts";
import { analyticsRangeFor } from "#app/components/campaigns/campaign-range.server.ts";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { csvResponse, csvStream } from "#app/components/campaigns/csv-writer.ts";
import { appContext } from "#app/lib/app-context.ts";
import { requireViewerContext } from "#app/lib/session.server.ts";
import type { CampaignRow, CampaignTableQuery } from "#core/analytics/analytics-types.ts";
import { getCampaignTable, MAX_CAMPAIGN_PAGE_SIZE } from "#core/analytics/get-campaign-table.ts";
import type { Route } from "./+types/campaigns-csv";

/**
 * GET /exports/campaigns.csv: the campaigns table as on screen (the same query string: filters,
 * sort and date range), every page, streamed a page at a time. Only the viewer's organization.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const searchParams = new URL(request.url).searchParams;
  const { range } = await analyticsRangeFor(viewer, services, searchParams);
  const params = parseCampaignTableParams(searchParams);
  const query: Omit<CampaignTableQuery, "page" | "pageSize"> = {
    organizationId: viewer.organization.organizationId,
    range: { from: range.from, to: range.to },
    filters: params.filters,
    sort: params.sort,
  };
  const batches = async function* () {
    for (let page = 1; ; page++) {
      const table = await getCampaignTable(services, { ...query, page, pageSize: MAX_CAMPAIGN_PAGE_SIZE });
      yield table.rows.map((row: CampaignRow) => campaignCsvRow(row, query.range));
      if (table.rows.length < MAX_CAMPAIGN_PAGE_SIZE || page * MAX_CAMPAIGN_PAGE_SIZE >= table.total) return;
    }
  };
  return csvResponse(exportFilename("campaigns", range), csvStream(CAMPAIGN_CSV_HEADER, batches()));
}
