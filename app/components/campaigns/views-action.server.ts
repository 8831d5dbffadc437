/**
 * The campaigns page's saved views and layout (issue 23 §1): HTTP glue only. The page's action
 * hands over the JSON bodies whose intent starts with "views."; this calls the table-views module as
 * the viewer and answers with the view, or with the refusal's message and field errors in the
 * reader's language.
 */
import { data } from "react-router";
import { z } from "zod";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TableView } from "#core/table-views/table-view-schema.ts";
import { VIEW_INTENTS, type ViewsActionResult } from "./views-action-result.ts";

const requestSchema = z.object({
  intent: z.enum(VIEW_INTENTS),
  id: z.string().min(1).max(64).nullable().optional(),
  form: z.unknown().optional(),
});

/** Whether a parsed JSON body is one of these intents (the page's action routes it here). */
export function isViewsRequest(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    "intent" in body &&
    typeof body.intent === "string" &&
    body.intent.startsWith("views.")
  );
}

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

export async function viewsAction({ request, context }: ActionArgs, body: unknown) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const t = await translatorFor(request, context);
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success)
    return data<ViewsActionResult>(
      { ok: false, intent: "unknown", message: t("campaigns:problems.badRequest") },
      { status: 400 },
    );
  const { intent, id = null, form } = parsed.data;
  const actor = actorOf(viewer);
  const views = services.tableViews;
  const table = "campaigns";
  try {
    const view = await (async (): Promise<TableView | null> => {
      switch (intent) {
        case "views.create":
          return views.createTableView(actor, { table, form });
        case "views.rename":
          return views.renameTableView(actor, { table, id: id ?? "", form });
        case "views.overwrite":
          return views.overwriteTableView(actor, { table, id: id ?? "", form });
        case "views.delete":
          await views.deleteTableView(actor, { table, id: id ?? "" });
          return null;
        case "views.default":
          await views.setDefaultTableView(actor, { table, id });
          return null;
        case "views.layout":
          await views.saveTableLayout(actor, { table, form });
          return null;
      }
    })();
    return data<ViewsActionResult>({ ok: true, intent, view });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fieldErrors = error.details?.fieldErrors as Record<string, string> | undefined;
    return data<ViewsActionResult>(
      {
        ok: false,
        intent,
        message: translateMessage(t, error.message),
        ...(fieldErrors
          ? {
              fieldErrors: Object.fromEntries(
                Object.entries(fieldErrors).map(([field, message]) => [field, translateMessage(t, message)]),
              ),
            }
          : {}),
      },
      { status: error.status },
    );
  }
}
