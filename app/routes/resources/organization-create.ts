import { redirect } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import type { Route } from "./+types/organization-create";

/**
 * Create New (POST name): the caller owns the new organization and their session switches to it;
 * the browser lands on its (empty) dashboard. A refused name comes back as a field error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const fields = await readFormFields(request);
  try {
    await services.organizations.createOrganization(actorOf(viewer), {
      values: { name: fields.name },
      sessionId: viewer.sessionId,
    });
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "create failed"), t);
  }
  return redirect("/dashboard");
}
