import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/invoice-pdf";

/**
 * GET /billing/invoices/:invoiceId/pdf: one of the organization's invoices as a PDF download.
 * Those who manage billing only (403 otherwise); another organization's invoice is not found (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  try {
    const { filename, pdf } = await services.billing.renderInvoicePdf(actorOf(viewer), params.invoiceId);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      });
    throw error;
  }
}
