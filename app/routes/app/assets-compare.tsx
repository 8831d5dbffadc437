import { CompareView } from "#app/components/assets/compare-view.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { previousRange } from "#core/analytics/date-range.ts";
import { MAX_COMPARED_CREATIVES, parseComparedIds } from "#core/assets/library-filters.ts";
import type { Route } from "./+types/assets-compare";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "assets");
  return pageMeta({
    title: t("compare.metaTitle"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** /assets/compare?ids=a,b,c: up to four creatives side by side over the URL's range. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const searchParams = new URL(request.url).searchParams;
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone: viewer.profile?.timezone ?? "UTC",
    searchParams,
  });
  const ids = parseComparedIds(searchParams);
  const base = { range, previousRange: previousRange(range) };
  if (ids.length === 0) return { ...base, creatives: [], refusal: "none" as const };
  // A fifth creative is refused with the reason, not cut off silently.
  if (ids.length > MAX_COMPARED_CREATIVES) return { ...base, creatives: [], refusal: "tooMany" as const };
  const { creatives } = await services.assets.compareCreatives(actor, { creativeIds: ids, range });
  return { ...base, creatives, refusal: null };
}

export default function AssetsCompareRoute({ loaderData }: Route.ComponentProps) {
  return <CompareView {...loaderData} />;
}
