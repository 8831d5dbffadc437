/**
 * The action behind both campaign screens (the table and a campaign's page): preview a change,
 * apply one chunk of it, undo a logged change. HTTP glue only: authenticate, parse with the shared
 * schemas, call the campaigns module's use case as the viewer, and map a refusal to the message the
 * dialog or a toast shows.
 */
import { data } from "react-router";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { type CampaignActionResult, campaignActionSchema } from "#app/components/campaigns/change-request.ts";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

export async function campaignAction({ request, context }: ActionArgs) {
  const viewer = await requireViewerContext(request, context);
  const { campaigns } = context.get(appContext).services;
  const parsed = campaignActionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return data<CampaignActionResult>(
      {
        ok: false,
        intent: "unknown",
        message: "That request was not understood. Please reload the page and try again.",
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
      return data<CampaignActionResult>({ ok: true, intent: "preview", previews });
    }
    if (input.intent === "apply") {
      const result = await campaigns.applyCampaignChanges(actor, {
        campaignIds: input.ids,
        change: input.change,
        reason: input.reason || null,
        batchId: input.batchId,
      });
      return data<CampaignActionResult>({ ok: true, intent: "apply", result });
    }
    const result = await campaigns.undoCampaignChange(actor, { changeId: input.changeId });
    return data<CampaignActionResult>({ ok: true, intent: "undo", result });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<CampaignActionResult>(
      { ok: false, intent: input.intent, message: error.message },
      { status: error.status },
    );
  }
}
