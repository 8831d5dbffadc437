import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { BillingOverviewScreen } from "#app/components/billing/billing-overview-screen.tsx";
import type { BillingActionResult } from "#app/components/billing/billing-types.ts";
import { planOffersIn } from "#app/components/billing/plan-offers.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "billing");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const viewer = await requireViewerContext(request, context);
  const actor = actorOf(viewer);
  const overview = await services.billing.getBillingOverview(actor);
  return {
    overview,
    plans: planOffersIn(overview.currency),
    canManage: can(actor, "billing.manage"),
    now: Date.now(),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("checkout"), values: z.unknown() }),
  z.object({ intent: z.literal("preview"), values: z.unknown() }),
  z.object({ intent: z.literal("change"), values: z.unknown() }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("enterprise"), values: z.unknown() }),
]);

/** JSON: choose a plan (checkout), preview or apply a plan change, cancel or resume, contact sales. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  const { billing } = services;
  // A body that is not JSON (or not a form) is answered 400/415 by the reader itself, before anything runs.
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    switch (input.intent) {
      case "checkout": {
        const { url } = await billing.startCheckout(actor, input.values);
        return { ok: true, intent: "checkout", url } satisfies BillingActionResult;
      }
      case "preview": {
        const preview = await billing.previewPlanChange(actor, input.values);
        return { ok: true, intent: "preview", preview } satisfies BillingActionResult;
      }
      case "change": {
        const change = await billing.changePlan(actor, input.values);
        const { currency } = await billing.getBillingStatus(actor);
        return {
          ok: true,
          intent: "change",
          planId: change.planId,
          chargedMinor: change.chargedMinor,
          creditedMinor: change.creditedMinor,
          currency,
        } satisfies BillingActionResult;
      }
      case "cancel": {
        const { endsAt } = await billing.cancelSubscription(actor);
        return { ok: true, intent: "cancel", endsAt } satisfies BillingActionResult;
      }
      case "resume": {
        await billing.resumeSubscription(actor);
        return { ok: true, intent: "resume" } satisfies BillingActionResult;
      }
      case "enterprise": {
        await billing.requestEnterpriseContact(actor, input.values);
        return { ok: true, intent: "enterprise" } satisfies BillingActionResult;
      }
    }
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "billing action failed"), t);
  }
}

export default function BillingRoute({ loaderData }: Route.ComponentProps) {
  return <BillingOverviewScreen {...loaderData} />;
}
