import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { CreativePage } from "#app/components/assets/creative-page.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { logMissingPage, NotFoundScreen } from "#app/routes/not-found.tsx";
import { can } from "#core/access/permissions.ts";
import { dateRangeToSearchParams, previousRange } from "#core/analytics/date-range.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/assets-creative";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const t = metaTranslator(matches, "assets");
  return pageMeta({
    title: loaderData ? `${loaderData.detail.creative.name} · ${t("meta.title")}` : t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** /assets/creatives/:creativeId: one creative of the library (synced or uploaded), over the URL's range. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const timeZone = viewer.profile?.timezone ?? "UTC";
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone,
    searchParams: new URL(request.url).searchParams,
  });
  try {
    const detail = await services.assets.getLibraryCreative(actor, { creativeId: params.creativeId, range });
    return {
      detail,
      range,
      previousRange: previousRange(range),
      canManage: can(actor, "assets.manage"),
      timeZone,
      libraryHref: `/assets?${dateRangeToSearchParams(range).toString()}`,
    };
  } catch (error) {
    // Another organization's creative, or one that is gone, is simply not there.
    if (error instanceof AppError && error.code === "not_found") {
      logMissingPage(request, context);
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export default function AssetsCreativeRoute({ loaderData }: Route.ComponentProps) {
  return <CreativePage {...loaderData} />;
}

export function ErrorBoundary() {
  const { t } = useTranslation("assets");
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="mx-auto flex min-h-[50svh] max-w-xl flex-col items-center justify-center gap-3 text-center">
      <h1 className="font-bold text-2xl tracking-tight">{t("creative.errorTitle")}</h1>
      <p className="text-muted-foreground">{t("creative.errorBody")}</p>
    </section>
  );
}
