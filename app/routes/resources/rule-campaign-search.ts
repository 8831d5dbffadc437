import type { CampaignOption } from "#app/components/rules/rule-editor-types.ts";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AD_PLATFORM_IDS, type AdPlatformId } from "#core/shared/platforms.ts";
import type { Route } from "./+types/rule-campaign-search";

/**
 * GET /rules/campaign-search?q=…&platform=…: the rule editor's campaign picker, the organization's
 * managed campaigns whose name holds `q` (up to 50), within the platforms the rule's scope names.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { campaigns } = context.get(appContext).services;
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const platforms = params
    .getAll("platform")
    .filter((value): value is AdPlatformId => (AD_PLATFORM_IDS as readonly string[]).includes(value));
  const page = await campaigns.listCampaigns(actorOf(viewer), {
    search: search || undefined,
    platforms: platforms.length > 0 ? platforms : undefined,
    statuses: ["enabled", "paused"],
    limit: 50,
  });
  return Response.json({
    campaigns: page.campaigns.map(
      (campaign): CampaignOption => ({
        id: campaign.id,
        name: campaign.name,
        platform: campaign.platform,
        adAccountName: campaign.adAccountName,
      }),
    ),
  });
}
