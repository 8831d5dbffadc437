import { redirect } from "react-router";
import { translateConnectionMessage } from "#app/components/integrations/connection-messages.ts";
import { appContext } from "#app/lib/app-context.ts";
import { setFlashCookie } from "#app/lib/flash.server.ts";
import { readFormData } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { findListing } from "#core/connections/platform-catalog.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/integration-connect";

/**
 * POST /integrations/:platform/connect: a plain form post (it works before hydration) that sends
 * the browser to the platform's consent screen, live or in the sandbox. Anonymous visitors go to
 * /login and come back to the integrations page afterwards.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, logger } = context.get(appContext);
  const viewer = await getViewerContextFor(request, context);
  const back = new URL(request.headers.get("referer") ?? "/integrations", request.url).pathname;
  const returnTo = back === "/dashboard/integrations" ? back : "/integrations";
  if (!viewer) return redirect(`/login?redirectTo=${encodeURIComponent(returnTo)}`);
  const form = await readFormData(request);
  const storeAddress = form.get("storeAddress");
  try {
    // The OAuth state is bound to this browser session (and the person and organization).
    const { authorizeUrl } = await services.connections.startConnection(actorOf(viewer), {
      sessionId: viewer.sessionId,
      platform: params.platform,
      storeAddress: typeof storeAddress === "string" ? storeAddress : undefined,
    });
    return redirect(authorizeUrl);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    logger.info({ platform: params.platform, reason: error.message }, "connect refused");
    const t = await translatorFor(request, context);
    return redirect(returnTo, {
      headers: {
        "Set-Cookie": setFlashCookie({
          kind: "error",
          title: t("integrations:toasts.connectionFailed"),
          description: translateConnectionMessage(t, error.message, findListing(params.platform)),
        }),
      },
    });
  }
}

export function loader() {
  return redirect("/integrations");
}
