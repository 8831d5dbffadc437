import { Info } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { type ActionRefusal, refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { toGoalsFormValues } from "#app/components/goals/goal-values.ts";
import { GoalsForm } from "#app/components/goals/goals-form.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { languageFor, translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { LOCALE_OF } from "#app/lib/i18n/languages.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/goals";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "goals");
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
  const currency = viewer.profile?.currency ?? "USD";
  const { goals, connectedPlatforms } = await services.goals.getGoals(actorOf(viewer));
  return {
    values: toGoalsFormValues(goals, currency, LOCALE_OF[await languageFor(request, context)]),
    connectedPlatforms,
    // Goals saved by someone working in another currency: saving restates them in this one.
    otherCurrency: goals.find((goal) => goal.currency !== currency)?.currency ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 instead of being redirected to /login.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(await translatorFor(request, context));
  const { services, logger, requestId } = context.get(appContext);
  const currency = viewer.profile?.currency ?? "USD";
  const form = await readJsonBody(request);
  try {
    const goals = await services.goals.setGoals(actorOf(viewer), { currency, form });
    return {
      ok: true as const,
      values: toGoalsFormValues(goals, currency, LOCALE_OF[await languageFor(request, context)]),
    };
  } catch (error) {
    // The profile's currency changed since the form opened: core's English names the currency in
    // its sentence, so the reader's words come from the catalog.
    if (error instanceof AppError && error.status === 409) {
      const t = await translatorFor(request, context);
      return data<ActionRefusal>(
        {
          ok: false,
          reason: "invalid",
          title: t("goals:errors.currencyChanged"),
          message: t("goals:errors.currencyChangedMessage", { currency }),
        },
        { status: 409 },
      );
    }
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "goals action failed"),
      await translatorFor(request, context),
    );
  }
}

export default function GoalsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("goals");
  const { values, connectedPlatforms, otherCurrency } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 text-muted-foreground">
          <Trans
            t={t}
            i18nKey="page.intro"
            components={{ anchor: <Link to="/dashboard" className="text-primary underline underline-offset-4" /> }}
          />
        </p>
      </div>
      {otherCurrency ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {t("page.otherCurrency", { otherCurrency, currency: values.currency })}
        </p>
      ) : null}
      <GoalsForm values={values} connectedPlatforms={connectedPlatforms} />
    </div>
  );
}
