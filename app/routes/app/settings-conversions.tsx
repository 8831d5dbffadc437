import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { ConversionsScreen } from "#app/components/conversions/conversions-screen.tsx";
import type { ConversionsActionResult } from "#app/components/conversions/conversions-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/settings-conversions";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "conversions");
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
  const [settings, utmHealth] = await Promise.all([
    services.conversions.listConversionActions(actor),
    services.utmHealth.getUtmHealth(actor),
  ]);
  return {
    settings,
    canManage: can(actor, "conversions.manage"),
    utmHealth,
    // The UTM fix edits the ads' URL suffix on their platforms: a campaign change.
    canFixUtm: can(actor, "campaigns.change"),
  };
}

// The values themselves are checked by the use cases with the slice's schemas.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("count"), actionId: z.unknown(), counted: z.unknown() }),
  z.object({ intent: z.literal("revenue"), defaultSource: z.unknown(), overrides: z.unknown() }),
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
      case "count": {
        const result = await services.conversions.setConversionCounted(actor, {
          actionId: input.actionId,
          counted: input.counted,
        });
        return { ok: true, intent: "count", ...result } satisfies ConversionsActionResult;
      }
      case "revenue": {
        const revenueTruth = await services.conversions.setRevenueTruth(actor, {
          defaultSource: input.defaultSource,
          overrides: input.overrides,
        });
        return { ok: true, intent: "revenue", revenueTruth } satisfies ConversionsActionResult;
      }
    }
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "conversion settings action failed"),
      t,
    );
  }
}

export default function SettingsConversionsRoute({ loaderData }: Route.ComponentProps) {
  return <ConversionsScreen {...loaderData} />;
}
