import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { translateApiKeyMessage } from "#app/components/api/api-key-format.ts";
import { ApiKeysScreen } from "#app/components/api/api-keys-screen.tsx";
import type { ApiKeysActionResult } from "#app/components/api/api-keys-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { isLanguage } from "#app/lib/i18n/languages.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/api-keys";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches);
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
};

/** The page's title in the reader's language: the root loader chose it and loaded its catalogs. */
function metaTranslator(matches: Route.MetaArgs["matches"]): (key: string) => string {
  const language = (matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined)
    ?.language;
  const i18n = i18nFor(isLanguage(language) ? language : "en") ?? i18nFor("en");
  return (key) => i18n?.t(key, { ns: "apiKeys" }) ?? key;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const viewer = await requireViewerContext(request, context);
  const keys = await services.apiKeys.listApiKeys(actorOf(viewer));
  return {
    keys,
    organizationName: viewer.organization.name,
    now: new Date().toISOString(),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

// The key's own fields are checked by the use case with the form's schema.
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: z.unknown() }),
  z.object({ intent: z.literal("revoke"), apiKeyId: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // A fetcher is answered 401 rather than redirected.
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  const body = await readJsonBody(request);
  try {
    const parsed = actionSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "Something is missing. Please try again.");
    const input = parsed.data;
    if (input.intent === "create") {
      const created = await services.apiKeys.createApiKey(actor, input.values);
      return {
        ok: true,
        intent: "create",
        apiKey: created.apiKey,
        plaintext: created.plaintext,
      } satisfies ApiKeysActionResult;
    }
    const revoked = await services.apiKeys.revokeApiKey(actor, input.apiKeyId);
    return { ok: true, intent: "revoke", apiKey: revoked } satisfies ApiKeysActionResult;
  } catch (error) {
    return refuseWith(
      inReaderLanguage(error, t),
      (unexpected) => logger.error({ err: unexpected, requestId }, "API keys action failed"),
      t,
    );
  }
}

/**
 * Core's messages with a figure in the sentence are worded by the catalog (refuseWith translates
 * the others): the error keeps its code, its status and its details.
 */
function inReaderLanguage(error: unknown, t: Awaited<ReturnType<typeof translatorFor>>): unknown {
  if (!(error instanceof AppError)) return error;
  const message = translateApiKeyMessage(t, error.message);
  return message === error.message ? error : new AppError(error.code, message, error.details);
}

export default function ApiKeysRoute({ loaderData }: Route.ComponentProps) {
  return <ApiKeysScreen {...loaderData} />;
}
