/**
 * The action behind both campaign screens (the table and a campaign's page): preview a change,
 * apply one chunk of it, undo a logged change. Thin: authenticate, parse with the shared schemas,
 * call the use case, map errors to a message the dialog or a toast shows.
 */
import { data } from "react-router";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { requireViewerContext, toViewer } from "#app/lib/session.server.ts";
import type { AnalyticsRepository } from "#core/analytics/analytics-repository.ts";
import type { DateRange } from "#core/analytics/analytics-types.ts";
import { getCampaignTable, MAX_CAMPAIGN_PAGE_SIZE } from "#core/analytics/get-campaign-table.ts";
import { applyCampaignChanges } from "#core/campaigns/apply-campaign-changes.ts";
import type { ChangeActor, ChangePreview, RequestedChange } from "#core/campaigns/campaign-change-types.ts";
import { MAX_CAMPAIGNS_PER_REQUEST, previewCampaignChanges } from "#core/campaigns/preview-campaign-changes.ts";
import { undoCampaignChange } from "#core/campaigns/undo-campaign-change.ts";
import { AppError } from "#core/errors/app-error.ts";
import { analyticsRangeFor } from "./campaign-range.server.ts";
import { parseCampaignTableParams } from "./campaign-table-params.ts";
import { type CampaignActionResult, campaignActionSchema, MAX_CHANGE_SELECTION } from "./change-request.ts";

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

export async function campaignAction({ request, context }: ActionArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const organizationId = viewer.organization.organizationId;
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
  const actor: ChangeActor = { type: "user", id: viewer.user.id, label: toViewer(viewer).name };
  try {
    if (input.intent === "preview") {
      const campaignIds =
        input.target.kind === "ids"
          ? input.target.ids
          : await listMatchingCampaignIds(services, {
              organizationId,
              search: input.target.search,
              range: (await analyticsRangeFor(viewer, services, new URLSearchParams(input.target.search))).range,
            });
      const previews = await previewInChunks(services.campaignChanges, organizationId, campaignIds, input.change);
      return data<CampaignActionResult>({ ok: true, intent: "preview", previews });
    }
    if (input.intent === "apply") {
      const result = await applyCampaignChanges(services.campaignChanges, {
        organizationId,
        campaignIds: input.ids,
        change: input.change,
        actor,
        source: "app",
        reason: input.reason || null,
        batchId: input.batchId,
      });
      return data<CampaignActionResult>({ ok: true, intent: "apply", result });
    }
    const result = await undoCampaignChange(services.campaignChanges, {
      organizationId,
      changeId: input.changeId,
      actor,
    });
    return data<CampaignActionResult>({ ok: true, intent: "undo", result });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<CampaignActionResult>(
      { ok: false, intent: input.intent, message: error.message },
      { status: error.status },
    );
  }
}

/** Every campaign the table's filters match (its query string), up to the selection limit. */
async function listMatchingCampaignIds(
  services: { analytics: AnalyticsRepository },
  input: { organizationId: string; search: string; range: DateRange },
): Promise<string[]> {
  const params = parseCampaignTableParams(new URLSearchParams(input.search));
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const table = await getCampaignTable(services, {
      organizationId: input.organizationId,
      range: input.range,
      filters: params.filters,
      // The order does not matter for a selection; the name needs no metrics.
      sort: { key: "name", direction: "asc" },
      page,
      pageSize: MAX_CAMPAIGN_PAGE_SIZE,
    });
    if (table.total > MAX_CHANGE_SELECTION)
      throw new AppError(
        "unprocessable_entity",
        `These filters match ${table.total.toLocaleString("en-US")} campaigns; change at most ${MAX_CHANGE_SELECTION.toLocaleString("en-US")} at once. Narrow the filters and try again.`,
      );
    ids.push(...table.rows.map((row) => row.id));
    if (table.rows.length < MAX_CAMPAIGN_PAGE_SIZE || ids.length >= table.total) return ids;
  }
}

/** The use case previews a bounded selection per call; a large one goes in slices. */
async function previewInChunks(
  deps: Parameters<typeof previewCampaignChanges>[0],
  organizationId: string,
  campaignIds: string[],
  change: RequestedChange,
): Promise<ChangePreview[]> {
  const previews: ChangePreview[] = [];
  for (let start = 0; start < campaignIds.length; start += MAX_CAMPAIGNS_PER_REQUEST) {
    const slice = campaignIds.slice(start, start + MAX_CAMPAIGNS_PER_REQUEST);
    previews.push(...(await previewCampaignChanges(deps, { organizationId, campaignIds: slice, change })));
  }
  return previews;
}
