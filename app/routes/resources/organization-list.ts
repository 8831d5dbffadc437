import { appContext } from "#app/lib/app-context.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import type { Route } from "./+types/organization-list";

/** The switcher's list, fetched when its menu opens, so no page load pays for it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
  const { services } = context.get(appContext);
  const organizations = await services.organizations.listMyOrganizations(actorOf(viewer));
  return Response.json(
    {
      organizations: organizations.map(({ organizationId, name, logo, role, isActive }) => ({
        organizationId,
        name,
        logo,
        role,
        isActive,
      })),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}
