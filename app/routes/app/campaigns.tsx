import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { DEFAULT_COLUMNS } from "#app/components/campaigns/campaign-columns.tsx";
import { campaignPageMeta } from "#app/components/campaigns/campaign-meta.ts";
import { parseCampaignTableParams } from "#app/components/campaigns/campaign-table-params.ts";
import { CampaignsScreen } from "#app/components/campaigns/campaigns-screen.tsx";
import { keepsTableData } from "#app/components/campaigns/revalidation.ts";
import { VIEW_PARAM } from "#app/components/campaigns/saved-views-menu.tsx";
import { knownColumns } from "#app/components/campaigns/use-column-visibility.ts";
import { isViewsRequest, viewsAction } from "#app/components/campaigns/views-action.server.ts";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { previousRange } from "#core/analytics/date-range.ts";
import { VIEW_QUERY_PARAMS } from "#core/table-views/table-view-schema.ts";
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
  const view: "campaigns" | "history" = url.searchParams.get("view") === "history" ? "history" : "campaigns";
  // The person's saved views: a plain /campaigns opens their default view, straight from the server.
  const tableViews = await services.tableViews.listTableViews(actor, { table: "campaigns" });
  const requestedView = url.searchParams.get(VIEW_PARAM);
  const defaultView = tableViews.views.find((saved) => saved.id === tableViews.defaultViewId);
  if (
    defaultView &&
    requestedView === null &&
    view === "campaigns" &&
    !VIEW_QUERY_PARAMS.some((name) => url.searchParams.has(name))
  ) {
    const target = new URLSearchParams([[VIEW_PARAM, defaultView.id], ...new URLSearchParams(defaultView.query)]);
    throw redirect(`${url.pathname}?${target.toString()}`);
  }
  const activeView = tableViews.views.find((saved) => saved.id === requestedView) ?? null;
  const chosen = activeView ?? tableViews.layout;
  const columns = knownColumns(chosen?.columns ?? []);
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone: viewer.profile?.timezone ?? "UTC",
    searchParams: url.searchParams,
  });
  const params = parseCampaignTableParams(url.searchParams);
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
      : { rows: [], total: 0, page: 1, pageSize: params.pageSize, totals: [] };
  const olderSearch = new URLSearchParams(url.searchParams);
  if (history?.nextCursor) olderSearch.set("cursor", history.nextCursor);
  return {
    view,
    range,
    previousRange: previousRange(range),
    params,
    table: {
      rows: table.rows,
      total: table.total,
      page: table.page,
      pageSize: table.pageSize,
      totals: table.totals,
    },
    savedViews: {
      views: tableViews.views,
      activeViewId: activeView?.id ?? null,
      layout: {
        columns: columns.length > 0 ? columns : [...DEFAULT_COLUMNS],
        density: chosen?.density ?? "comfortable",
      },
    },
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

/** Saved views and the layout go to the table-views module; everything else is a campaign change. */
export async function action(args: Route.ActionArgs) {
  const body: unknown = await args.request
    .clone()
    .json()
    .catch(() => null);
  return isViewsRequest(body) ? viewsAction(args, body) : campaignAction(args);
}

/**
 * A preview or one chunk of a change does not need the table again; the dialog reloads it at the
 * end. Remembering the columns or density does not change the table's data either.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const intent = args.json && typeof args.json === "object" && "intent" in args.json ? args.json.intent : null;
  if (intent === "views.layout") return false;
  return keepsTableData(args) ? false : args.defaultShouldRevalidate;
}

export default function CampaignsRoute({ loaderData }: Route.ComponentProps) {
  return <CampaignsScreen {...loaderData} />;
}
