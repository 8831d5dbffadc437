import { appContext } from "#app/lib/app-context.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import type { Route } from "./+types/service-status";

/** The app shell's status banner asks this: which of the organization's platforms are not answering. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
  const { services } = context.get(appContext);
  const status = await services.health.getServiceStatus(actorOf(viewer));
  return Response.json(status, { headers: { "cache-control": "private, no-store" } });
}
