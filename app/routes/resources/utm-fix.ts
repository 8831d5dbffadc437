/**
 * /ads/utm-fix: the UTM health check of /settings/conversions. GET answers the check's figures
 * (the share of ads tagged for store attribution and the ads that are not); POST { adIds } sets the
 * URL suffix of those ads on their platforms and answers one result per ad, or the refusal (a role
 * that may not change campaigns, bad input) in the reader's language.
 */
import { data } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import type { UtmFixActionResult } from "#app/components/conversions/utm-health-card-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/utm-fix";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  return Response.json(await services.utmHealth.getUtmHealth(actorOf(viewer)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await translatorFor(request, context);
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  // A body that is not JSON is refused (400/415) before anything runs.
  const body = (await readJsonBody(request)) as { adIds?: unknown } | null;
  try {
    const report = await services.utmHealth.fixAdUtm(actorOf(viewer), {
      adIds: Array.isArray(body?.adIds) ? body.adIds.map(String) : [],
    });
    return data<UtmFixActionResult>({ ok: true, report });
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "UTM fix failed"), t);
  }
}
