/**
 * /campaigns/labels: Adhelm's own labels on campaigns, for the campaigns table. GET lists the
 * organization's labels (the dialog's suggestions); POST { campaignIds, add, remove } sets them on
 * a selection and answers with a toast in the reader's language, or the refusal's field errors.
 */
import { data } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import type { LabelsActionResult } from "#app/components/campaigns/labels-dialog.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/campaign-labels";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { campaigns } = context.get(appContext).services;
  return Response.json({ labels: await campaigns.listCampaignLabels(actorOf(viewer)) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = await translatorFor(request, context);
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  // A body that is not JSON is refused (400/415) before anything runs.
  const body = await readJsonBody(request);
  try {
    const result = await services.campaigns.setCampaignLabels(actorOf(viewer), body);
    const adding =
      typeof body === "object" && body !== null && Array.isArray((body as { add?: unknown }).add)
        ? (body as { add: unknown[] }).add.length > 0
        : false;
    return data<LabelsActionResult>({
      ok: true,
      title: adding ? t("campaigns:labels.added") : t("campaigns:labels.removed"),
      description: t("campaigns:labels.changed", { count: result.changed }),
    });
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "labels action failed"), t);
  }
}
