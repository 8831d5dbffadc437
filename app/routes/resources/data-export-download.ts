import { appContext } from "#app/lib/app-context.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/data-export-download";

/** GET /account/privacy/exports/:exportId: the ZIP, for the person who asked for it while it is downloadable. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return new Response("Sign in to download your export.", { status: 401 });
  const { services } = context.get(appContext);
  try {
    const { bytes, filename } = await services.privacy.downloadDataExport(actorOf(viewer), params.exportId);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
