import { auditFilterOf } from "#app/components/audit/audit-filter-params.ts";
import { appContext } from "#app/lib/app-context.ts";
import { csvResponse } from "#app/lib/csv-response.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/audit-csv";

/**
 * GET /exports/audit-log.csv: the audit log with the page's filters (the same query string), every
 * matching entry streamed. Admins and the owner only (403 otherwise); the export is recorded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services, clientAddress } = context.get(appContext);
  const filter = auditFilterOf(new URL(request.url).searchParams);
  try {
    const csv = await services.audit.exportAuditEvents(actorOf(viewer), { filter, ipAddress: clientAddress });
    return csvResponse(csv.filename, csv.body);
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      });
    throw error;
  }
}
