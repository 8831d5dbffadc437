import { appContext } from "#app/lib/app-context.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import type { Route } from "./+types/notifications-unread";

/** The sidebar badge's poll: the viewer's unread count in the organization they work in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
  const { services } = context.get(appContext);
  const count = await services.notifications.countUnreadNotifications(actorOf(viewer));
  return Response.json({ count }, { headers: { "cache-control": "private, no-store" } });
}
