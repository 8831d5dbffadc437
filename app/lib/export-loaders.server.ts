/**
 * The loaders of the export downloads. Each export is one loader whatever its file: the CSV route
 * (/exports/campaigns.csv, raw or `?format=spreadsheet`) and the Excel route
 * (/exports/campaigns.xlsx) read the same query string, check the same permission (in the use
 * case) and stream the same rows, written by core's one CSV writer or its Excel writer.
 */
import type { LoaderFunctionArgs } from "react-router";
import { auditFilterOf } from "#app/components/audit/audit-filter-params.ts";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { appContext } from "#app/lib/app-context.ts";
import { exportResponse } from "#app/lib/csv-response.ts";
import { languageFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ExportFormat } from "#core/exports/export-table.ts";

/** The file of a download: Excel for the .xlsx routes; the CSV for spreadsheets when asked for. */
type FileKind = "csv" | "xlsx";

function formatOf(kind: FileKind, searchParams: URLSearchParams): ExportFormat {
  if (kind === "xlsx") return "xlsx";
  return searchParams.get("format") === "spreadsheet" ? "csv-spreadsheet" : "csv";
}

/** The campaigns table as on screen (its filters, sort and range), every page. */
export function campaignsExportLoader(kind: FileKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const viewer = await requireViewerContext(request, context);
    const { services } = context.get(appContext);
    const actor = actorOf(viewer);
    const searchParams = new URL(request.url).searchParams;
    const { range } = await services.analytics.resolveDateRange(actor, {
      timeZone: viewer.profile?.timezone ?? "UTC",
      searchParams,
    });
    const { filters, sort } = parseCampaignTableParams(searchParams);
    const file = await services.campaigns.exportCampaignsCsv(actor, {
      range,
      filters,
      sort,
      language: await languageFor(request, context),
      format: formatOf(kind, searchParams),
    });
    return exportResponse(file);
  };
}

/** One row per campaign and day of the range, for the campaigns the table's filters match. */
export function dailyMetricsExportLoader(kind: FileKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const viewer = await requireViewerContext(request, context);
    const { services } = context.get(appContext);
    const actor = actorOf(viewer);
    const searchParams = new URL(request.url).searchParams;
    const { range } = await services.analytics.resolveDateRange(actor, {
      timeZone: viewer.profile?.timezone ?? "UTC",
      searchParams,
    });
    const { filters } = parseCampaignTableParams(searchParams);
    const file = await services.campaigns.exportDailyMetricsCsv(actor, {
      range,
      filters,
      language: await languageFor(request, context),
      format: formatOf(kind, searchParams),
    });
    return exportResponse(file);
  };
}

/** The audit log with the page's filters. Admins and the owner only (403 otherwise); recorded. */
export function auditExportLoader(kind: FileKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const viewer = await requireViewerContext(request, context);
    const { services, clientAddress } = context.get(appContext);
    const searchParams = new URL(request.url).searchParams;
    const filter = auditFilterOf(searchParams);
    try {
      const file = await services.audit.exportAuditEvents(actorOf(viewer), {
        filter,
        ipAddress: clientAddress,
        format: formatOf(kind, searchParams),
        language: await languageFor(request, context),
      });
      return exportResponse(file);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        return new Response(error.message, {
          status: error.status,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
        });
      throw error;
    }
  };
}
