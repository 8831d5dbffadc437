import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { AskScreen } from "#app/components/ask/ask-screen.tsx";
import type { AskActionResult } from "#app/components/ask/ask-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { languageFor, translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";
import { actorOf, getViewerContextFor, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/ask";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const t = metaTranslator(matches, "ask");
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
  const language = await languageFor(request, context);
  const conversationId = new URL(request.url).searchParams.get("c");
  const [overview, opened, usage] = await Promise.all([
    services.ask.getAskOverview(actor, { language }),
    conversationId
      ? services.ask.getConversation(actor, { conversationId }).catch((error: unknown) => {
          // Someone else's conversation, or one deleted meanwhile: the page opens empty.
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        })
      : null,
    can(actor, "organization.manage") ? services.ask.getAskUsage(actor) : null,
  ]);
  return { ...overview, opened, usage };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(await translatorFor(request, context));
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  const body = (await readJsonBody(request)) as Record<string, unknown> | null;
  try {
    switch (body?.intent) {
      case "rename":
        return {
          ok: true,
          intent: "rename",
          ...(await services.ask.renameConversation(actor, body)),
        } as AskActionResult;
      case "delete":
        return {
          ok: true,
          intent: "delete",
          ...(await services.ask.deleteConversation(actor, body)),
        } as AskActionResult;
      case "confirm":
        return {
          ok: true,
          intent: "confirm",
          proposal: await services.ask.confirmProposal(actor, body),
        } as AskActionResult;
      case "dismiss":
        return {
          ok: true,
          intent: "dismiss",
          proposal: await services.ask.dismissProposal(actor, body),
        } as AskActionResult;
      case "undo":
        return { ok: true, intent: "undo", proposal: await services.ask.undoProposal(actor, body) } as AskActionResult;
      default:
        throw new AppError("bad_request", "Unknown action.");
    }
  } catch (error) {
    return refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "ask action failed"),
      await translatorFor(request, context),
    );
  }
}

export default function AskRoute({ loaderData }: Route.ComponentProps) {
  return <AskScreen {...loaderData} />;
}
