import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { SessionsScreen } from "#app/components/security/sessions-screen.tsx";
import type { SessionsActionResult } from "#app/components/security/sessions-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readFormFields } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/account-security";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "security");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** GET /account/security: the person's own sessions that still work. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const sessions = await services.accounts.listSessions(actorOf(viewer), { currentSessionId: viewer.sessionId });
  return { sessions, timeZone: viewer.profile?.timezone ?? "UTC", now: new Date().toISOString() };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke"), sessionId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("revoke-others") }),
]);

/** Signs out one of the person's other sessions, or all of them. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  // A body that is not JSON (or not a form) is answered 400/415 by the reader itself, before anything runs.
  const body = await readFormFields(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    if (parsed.data.intent === "revoke") {
      await services.accounts.revokeSession(actor, {
        sessionId: parsed.data.sessionId,
        currentSessionId: viewer.sessionId,
      });
      return { ok: true, intent: "revoke", revoked: 1 } satisfies SessionsActionResult;
    }
    const { revoked } = await services.accounts.revokeOtherSessions(actor, { currentSessionId: viewer.sessionId });
    return { ok: true, intent: "revoke-others", revoked } satisfies SessionsActionResult;
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "sessions action failed"), t);
  }
}

export default function AccountSecurityRoute({ loaderData }: Route.ComponentProps) {
  return <SessionsScreen {...loaderData} />;
}
