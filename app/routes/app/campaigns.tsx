import type { ShouldRevalidateFunctionArgs } from "react-router";
import { campaignPageMeta } from "#app/components/campaigns/campaign-meta.ts";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { CampaignsScreen } from "#app/components/campaigns/campaigns-screen.tsx";
import { keepsTableData } from "#app/components/campaigns/revalidation.ts";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { previousRange } from "#core/analytics/date-range.ts";
import type { Route } from "./+types/campaigns";
import { campaignAction } from "./campaign-action.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  campaignPageMeta(matches, { page: "table", path: location.pathname });

const HISTORY_PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone: viewer.profile?.timezone ?? "UTC",
    searchParams: url.searchParams,
  });
  const params = parseCampaignTableParams(url.searchParams);
  const view: "campaigns" | "history" = url.searchParams.get("view") === "history" ? "history" : "campaigns";
  const cursor = url.searchParams.get("cursor");
  const [integrations, history] = await Promise.all([
    // The filter choices: the connected ad platforms and their managed accounts.
    services.connections.listIntegrations(actor),
    view === "history"
      ? services.campaigns.listChangeLog(actor, {
          limit: HISTORY_PAGE_SIZE,
          cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : null,
        })
      : null,
  ]);
  const connected = integrations.filter((card) => card.listing.category === "ad-platforms" && card.connection !== null);
  // Nothing connected: the page only invites to connect a platform.
  const table =
    connected.length > 0
      ? await services.analytics.getCampaignTable(actor, {
          range: { from: range.from, to: range.to },
          filters: params.filters,
          sort: params.sort,
          page: params.page,
          pageSize: params.pageSize,
        })
      : { rows: [], total: 0, page: 1, pageSize: params.pageSize };
  const olderSearch = new URLSearchParams(url.searchParams);
  if (history?.nextCursor) olderSearch.set("cursor", history.nextCursor);
  return {
    view,
    range,
    previousRange: previousRange(range),
    params,
    table: { rows: table.rows, total: table.total, page: table.page, pageSize: table.pageSize },
    hasAdPlatform: connected.length > 0,
    filterOptions: {
      platforms: connected.map((card) => ({ value: card.listing.id, label: card.listing.name })),
      accounts: connected.flatMap((card) =>
        (card.connection?.accounts ?? [])
          .filter((account) => account.isManaged)
          .map((account) => ({ value: account.id, label: account.name, platform: card.listing.id })),
      ),
    },
    history: history
      ? { entries: history.entries, olderHref: history.nextCursor ? `?${olderSearch.toString()}` : null }
      : null,
    now: new Date().toISOString(),
    timeZone: viewer.profile?.timezone ?? "UTC",
  };
}

export const action = campaignAction;

/** A preview or one chunk of a change does not need the table again; the dialog reloads it at the end. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepsTableData(args) ? false : args.defaultShouldRevalidate;
}

export default function CampaignsRoute({ loaderData }: Route.ComponentProps) {
  return <CampaignsScreen {...loaderData} />;
}
