import { Info } from "lucide-react";
import { Link } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { toGoalsFormValues } from "#app/components/goals/goal-values.ts";
import { GoalsForm } from "#app/components/goals/goals-form.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import type { Route } from "./+types/goals";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Goals",
    description: "Your target ROAS or CPA and your monthly budget.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const currency = viewer.profile?.currency ?? "USD";
  const { goals, connectedPlatforms } = await services.goals.getGoals(actorOf(viewer));
  return {
    values: toGoalsFormValues(goals, currency),
    connectedPlatforms,
    // Goals saved by someone working in another currency: saving restates them in this one.
    otherCurrency: goals.find((goal) => goal.currency !== currency)?.currency ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 instead of being redirected to /login.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous();
  const { services, logger, requestId } = context.get(appContext);
  const currency = viewer.profile?.currency ?? "USD";
  const form = await readJsonBody(request);
  try {
    const goals = await services.goals.setGoals(actorOf(viewer), { currency, form });
    return { ok: true as const, values: toGoalsFormValues(goals, currency) };
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "goals action failed"));
  }
}

export default function GoalsScreen({ loaderData }: Route.ComponentProps) {
  const { values, connectedPlatforms, otherCurrency } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Goals</h1>
        <p className="mt-1 text-muted-foreground">
          A target return and a monthly budget. The{" "}
          <Link to="/dashboard" className="text-primary underline underline-offset-4">
            dashboard
          </Link>{" "}
          tracks this month against them.
        </p>
      </div>
      {otherCurrency ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          Some goals were set in {otherCurrency}. Saving keeps the figures and sets them in {values.currency}, your
          profile's currency.
        </p>
      ) : null}
      <GoalsForm values={values} connectedPlatforms={connectedPlatforms} />
    </div>
  );
}
