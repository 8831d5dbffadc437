import { appContext } from "#app/lib/app-context.ts";
import { getLegalDocumentPdf, legalPdfFilename } from "#app/lib/legal-content.server.ts";
import { findLegalDocument } from "#app/lib/legal-documents.ts";
import { logMissingPage } from "#app/routes/not-found.tsx";
import type { Route } from "./+types/legal-pdf";

/** GET /legal/:document/pdf: the document as a PDF download, made on the server with pdfkit. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const document = findLegalDocument(params.document);
  if (!document) {
    logMissingPage(request, context);
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const pdf = await getLegalDocumentPdf(document, context.get(appContext).env.APP_URL);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${legalPdfFilename(document)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
