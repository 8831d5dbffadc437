import type { OptimizerPageData } from "#app/components/optimizer/optimizer-page-types.ts";
import { OptimizerScreen } from "#app/components/optimizer/optimizer-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { MIN_HISTORY_DAYS } from "#core/optimizer/build-optimizer-input.ts";
import { OUTCOME_DAYS } from "#core/optimizer/recommendation-details.ts";
import type { Route } from "./+types/optimizer";
import { optimizerAction } from "./optimizer-action.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "optimizer");
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<OptimizerPageData> {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  // The what-if and the curves come from one fit of the campaigns' history; the rest reads what is stored.
  const [overview, { whatIf, curves }, pacing, planView, goals] = await Promise.all([
    services.optimizer.getOptimizerOverview(actor),
    services.optimizer.getOptimizerInsights(actor),
    services.budgets.getBudgetPacing(actor),
    services.budgets.getBudgetPlan(actor),
    services.goals.getGoals(actor),
  ]);
  const { plan } = planView;
  return {
    overview,
    whatIf,
    curves,
    pacing,
    plan: {
      objective: plan.objective,
      mode: plan.mode,
      target: plan.target,
      currency: plan.currency,
      monthlyBudgetMinor: plan.monthlyBudgetMinor,
      autoApply: plan.autoApply,
      rebalanceDaily: plan.rebalanceDaily,
    },
    hasAdPlatform: goals.connectedPlatforms.length > 0,
    canApply: can(actor, "optimizer.apply"),
    minHistoryDays: MIN_HISTORY_DAYS,
    outcomeDays: OUTCOME_DAYS,
    timeZone: viewer.profile?.timezone ?? "UTC",
    now: new Date().toISOString(),
  };
}

/** Get recommendations, apply, dismiss, undo. */
export const action = optimizerAction;

export default function OptimizerRoute({ loaderData }: Route.ComponentProps) {
  return <OptimizerScreen {...loaderData} />;
}
