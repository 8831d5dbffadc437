import { ArrowLeft } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { PacingCard } from "#app/components/optimizer/pacing-card.tsx";
import { PlanBoundsTable } from "#app/components/optimizer/plan-bounds-table.tsx";
import { PlanBudgetSummary } from "#app/components/optimizer/plan-budget-summary.tsx";
import { PlanGroups } from "#app/components/optimizer/plan-groups.tsx";
import { PlanSettingsForm } from "#app/components/optimizer/plan-settings-form.tsx";
import { type PlanActionResult, toPlanPageData } from "#app/components/optimizer/plan-types.ts";
import { Button } from "#app/components/ui/button.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/optimizer-plan";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "budgets");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const [view, pacing] = await Promise.all([
    services.budgets.getBudgetPlan(actor),
    services.budgets.getBudgetPacing(actor),
  ]);
  return { plan: toPlanPageData(view), pacing, canManage: can(actor, "budgets.manage") };
}

// Each form's own fields are checked by its use case with the plan's schemas.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("settings"), values: z.unknown() }),
  z.object({ intent: z.literal("group"), values: z.unknown() }),
  z.object({ intent: z.literal("deleteGroup"), groupId: z.string().min(1) }),
  z.object({ intent: z.literal("bounds"), values: z.unknown() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 rather than redirected.
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  // A body that is not JSON is refused (415/400) before anything runs.
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    switch (input.intent) {
      case "settings":
        await services.budgets.saveBudgetPlanSettings(actor, input.values);
        break;
      case "group":
        await services.budgets.saveBudgetGroup(actor, input.values);
        break;
      case "deleteGroup":
        await services.budgets.deleteBudgetGroup(actor, input.groupId);
        break;
      case "bounds":
        await services.budgets.setCampaignBudgetBounds(actor, input.values);
        break;
    }
    return { ok: true, intent: input.intent } satisfies PlanActionResult;
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "budget plan action failed"),
      t,
    );
  }
}

export default function OptimizerPlanScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("budgets");
  const { plan, pacing, canManage } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground" asChild>
          <Link to="/optimizer">
            <ArrowLeft aria-hidden="true" />
            {t("page.optimizer")}
          </Link>
        </Button>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="page.intro"
            components={{ anchor: <Link to="/goals" className="text-primary underline underline-offset-4" /> }}
          />
        </p>
        {canManage ? null : (
          <p className="rounded-lg border bg-muted/40 p-3 text-muted-foreground text-sm">{t("page.readOnly")}</p>
        )}
      </div>
      <PlanBudgetSummary plan={plan} />
      {/* Without a budget there is nothing to pace: the summary says what to do. */}
      {pacing.plan ? <PacingCard pacing={pacing} showPlanLink={false} /> : null}
      <PlanSettingsForm plan={plan} canManage={canManage} />
      <PlanGroups plan={plan} canManage={canManage} />
      <PlanBoundsTable plan={plan} canManage={canManage} />
    </div>
  );
}
