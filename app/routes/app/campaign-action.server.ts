/**
 * The action behind both campaign screens (the table and a campaign's page): preview a change,
 * apply one chunk of it, undo a logged change. HTTP glue only: authenticate, parse with the shared
 * schemas, call the campaigns module's use case as the viewer, and map a refusal to the message the
 * dialog or a toast shows. Core's messages (a refusal, a preview's problem, a campaign's result)
 * go back in the reader's language; everything else stays as core returns it.
 */
import { data } from "react-router";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { translateChangeMessage } from "#app/components/campaigns/change-messages.ts";
import { type CampaignActionResult, campaignActionSchema } from "#app/components/campaigns/change-request.ts";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

export async function campaignAction({ request, context }: ActionArgs) {
  const viewer = await requireViewerContext(request, context);
  const { campaigns } = context.get(appContext).services;
  const t = await translatorFor(request, context);
  const say = (message: string) => translateChangeMessage(t, message);
  const parsed = campaignActionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return data<CampaignActionResult>(
      {
        ok: false,
        intent: "unknown",
        message: t("campaigns:problems.badRequest"),
      },
      { status: 400 },
    );
  const input = parsed.data;
  const actor = actorOf(viewer);
  try {
    if (input.intent === "preview") {
      // "Every campaign matching the filters" carries the table's query string; the use case resolves it.
      const target =
        input.target.kind === "ids"
          ? input.target
          : {
              kind: "matching" as const,
              filters: parseCampaignTableParams(new URLSearchParams(input.target.search)).filters,
            };
      const previews = await campaigns.previewCampaignChanges(actor, { target, change: input.change });
      return data<CampaignActionResult>({
        ok: true,
        intent: "preview",
        previews: previews.map((preview) => ({ ...preview, problem: preview.problem && say(preview.problem) })),
      });
    }
    if (input.intent === "apply") {
      const result = await campaigns.applyCampaignChanges(actor, {
        campaignIds: input.ids,
        change: input.change,
        reason: input.reason || null,
        batchId: input.batchId,
      });
      return data<CampaignActionResult>({
        ok: true,
        intent: "apply",
        result: { ...result, results: result.results.map((item) => ({ ...item, message: say(item.message) })) },
      });
    }
    const result = await campaigns.undoCampaignChange(actor, { changeId: input.changeId });
    return data<CampaignActionResult>({
      ok: true,
      intent: "undo",
      result: { ...result, message: say(result.message) },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<CampaignActionResult>(
      { ok: false, intent: input.intent, message: say(error.message) },
      { status: error.status },
    );
  }
}
