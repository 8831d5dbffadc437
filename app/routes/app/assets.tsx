import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { AssetsScreen } from "#app/components/assets/assets-screen.tsx";
import type { AssetsActionResult } from "#app/components/assets/assets-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { previousRange } from "#core/analytics/date-range.ts";
import { editAssetSchema } from "#core/assets/asset-schemas.ts";
import { validationError } from "#core/assets/asset-validation.ts";
import { parseLibraryFilters } from "#core/assets/library-filters.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/assets";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "assets");
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
  const searchParams = new URL(request.url).searchParams;
  const filters = parseLibraryFilters(searchParams);
  const timeZone = viewer.profile?.timezone ?? "UTC";
  const { range } = await services.analytics.resolveDateRange(actor, { timeZone, searchParams });
  const library = await services.assets.listLibrary(actor, { filters, range });
  return {
    view: searchParams.get("view") === "uploads" ? ("upload" as const) : ("library" as const),
    layout: searchParams.get("layout") === "table" ? ("table" as const) : ("grid" as const),
    filters,
    range,
    previousRange: previousRange(range),
    library,
    canManage: can(actor, "assets.manage"),
    timeZone,
  };
}

// The name and tags themselves are checked by the use cases with the library's schemas.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("edit"), assetId: z.string().min(1), name: z.unknown(), tags: z.unknown() }),
  z.object({ intent: z.literal("delete"), assetId: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 rather than redirected.
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  // A body that is not JSON is refused here with its own 400 or 415, before anything is read.
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    switch (input.intent) {
      case "edit": {
        // Both fields are checked before either is saved, so a refused form changes nothing.
        const fields = editAssetSchema.safeParse(input);
        if (!fields.success) throw validationError(fields.error);
        const { name } = await services.assets.renameAsset(actor, { assetId: input.assetId, name: input.name });
        const { tags } = await services.assets.setAssetTags(actor, { assetId: input.assetId, tags: input.tags });
        return { ok: true, intent: "edit", name, tags } satisfies AssetsActionResult;
      }
      case "delete": {
        const { name } = await services.assets.deleteAsset(actor, { assetId: input.assetId });
        return { ok: true, intent: "delete", name } satisfies AssetsActionResult;
      }
    }
  } catch (error) {
    return refuseWith(error, (unexpected) => logger.error({ err: unexpected, requestId }, "assets action failed"), t);
  }
}

export default function AssetsRoute({ loaderData }: Route.ComponentProps) {
  return <AssetsScreen {...loaderData} />;
}
