import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import type { BillingActionResult } from "#app/components/billing/billing-types.ts";
import { InvoicesScreen } from "#app/components/billing/invoices-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/billing-invoices";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "billing");
  return pageMeta({
    title: t("meta.invoicesTitle"),
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
    invoices: overview.invoices,
    account: overview.account,
    canManage: can(actor, "billing.manage"),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

const actionSchema = z.object({ intent: z.literal("details"), values: z.unknown() });

/** JSON: the billing details printed on the next invoices. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  // A body that is not JSON (or not a form) is answered 400/415 by the reader itself, before anything runs.
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    await services.billing.updateBillingDetails(actorOf(viewer), parsed.data.values);
    return { ok: true, intent: "details" } satisfies BillingActionResult;
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "billing details action failed"),
      t,
    );
  }
}

export default function BillingInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <InvoicesScreen {...loaderData} />;
}
