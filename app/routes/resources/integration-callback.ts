import { redirect } from "react-router";
import { translateConnectionMessage } from "#app/components/integrations/connection-messages.ts";
import { appContext } from "#app/lib/app-context.ts";
import { setFlashCookie } from "#app/lib/flash.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { ConnectionFailedError } from "#core/connections/complete-connection.ts";
import { CONNECTION_FAILED_MESSAGE } from "#core/connections/connection-parts.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/integration-callback";

/**
 * GET /integrations/:platform/callback: where the platform sends the browser back. Ad platforms
 * continue to the account picker; stores are connected at once. Any failure, a denied consent
 * included, ends on the integrations page with the spec's "Connection failed" toast.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, logger } = context.get(appContext);
  const viewer = await getViewerContextFor(request, context);
  // The toast is worded now, in the reader's language, and shown on the page the redirect lands on.
  const t = await translatorFor(request, context);
  const failed = () =>
    redirect("/integrations", {
      headers: {
        "Set-Cookie": setFlashCookie({
          kind: "error",
          title: t("integrations:toasts.connectionFailed"),
          description: translateConnectionMessage(t, CONNECTION_FAILED_MESSAGE),
        }),
      },
    });
  if (!viewer) {
    logger.info({ platform: params.platform }, "connect callback without a session");
    return failed();
  }
  try {
    // Only the browser session (person and organization) that pressed Connect may complete it.
    const completed = await services.connections.completeConnection(actorOf(viewer), {
      sessionId: viewer.sessionId,
      platform: params.platform,
      query: new URL(request.url).searchParams,
    });
    if (completed.needsAccountChoice) {
      // Accounts past the plan's limit were left unmanaged: the page says so, with Upgrade.
      const { leftUnmanaged } = completed;
      const query = new URLSearchParams({ choose: completed.connectionId });
      if (leftUnmanaged) {
        query.set("unmanaged", String(leftUnmanaged.count));
        query.set("plan", leftUnmanaged.planId);
      }
      return redirect(`/integrations?${query}`);
    }
    return redirect("/integrations", {
      headers: { "Set-Cookie": setFlashCookie({ kind: "success", title: t("integrations:toasts.connected") }) },
    });
  } catch (error) {
    if (error instanceof ConnectionFailedError)
      logger.info({ platform: params.platform, reason: error.reason }, "connect failed");
    // e.g. a role that may not connect platforms (403): expected, not a fault.
    else if (error instanceof AppError)
      logger.info({ platform: params.platform, reason: error.message }, "connect refused");
    else logger.error({ err: error, platform: params.platform }, "connect failed");
    return failed();
  }
}
