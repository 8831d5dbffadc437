import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/notifications-push";

const unauthorized = () => Response.json({ error: { code: "unauthorized" } }, { status: 401 });

/** The VAPID public key a browser subscribes with. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getViewerContextFor(request, context))) return unauthorized();
  const { services } = context.get(appContext);
  return Response.json({ publicKey: await services.notifications.getPushPublicKey() });
}

/**
 * JSON `{ intent }`: "subscribe" with the browser's `subscription` (PushSubscription.toJSON()),
 * "unsubscribe" with its `endpoint`, or "test" (the preferences' test button).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return unauthorized();
  const { services, logger, requestId } = context.get(appContext);
  const body = (await readJsonBody(request)) as Record<string, unknown> | null;
  const actor = actorOf(viewer);
  try {
    switch (body?.intent) {
      case "subscribe":
        await services.notifications.savePushSubscription(actor, {
          subscription: body.subscription,
          userAgent: request.headers.get("user-agent"),
        });
        return Response.json({ ok: true });
      case "unsubscribe":
        return Response.json({
          ok: true,
          ...(await services.notifications.deletePushSubscription(actor, { endpoint: String(body.endpoint ?? "") })),
        });
      case "test":
        return Response.json({
          ok: true,
          ...(await services.notifications.sendTestPush(actor, { language: viewer.preferences.language })),
        });
      default:
        return Response.json({ error: { code: "bad_request" } }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) {
      logger.error({ err: error, requestId }, "push action failed");
      throw error;
    }
    const t = await translatorFor(request, context);
    return Response.json(
      { error: { code: error.code, message: translateMessage(t, error.message) } },
      { status: error.status },
    );
  }
}
