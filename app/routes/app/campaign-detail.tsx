import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs, useRouteError } from "react-router";
import { AdsPanel } from "#app/components/campaigns/ads-panel.tsx";
import { CampaignDetailScreen } from "#app/components/campaigns/campaign-detail-screen.tsx";
import { campaignPageMeta } from "#app/components/campaigns/campaign-meta.ts";
import { keepsTableData } from "#app/components/campaigns/revalidation.ts";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { logMissingPage, NotFoundScreen } from "#app/routes/not-found.tsx";
import { previousRange } from "#core/analytics/date-range.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/campaign-detail";
import { campaignAction } from "./campaign-action.server.ts";
import { createImageAdAction, loadAdsTab } from "./campaign-detail-ads.server.ts";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  campaignPageMeta(matches, { page: "detail", path: location.pathname, name: loaderData?.detail.campaign.name });

const HISTORY_PAGE_SIZE = 20;
/** Campaign ids are ours (UUIDs); anything else cannot be a campaign. */
const CAMPAIGN_ID = /^[\w-]{1,64}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  if (!CAMPAIGN_ID.test(params.campaignId)) throw notFound(request, context);
  const { range } = await services.analytics.resolveDateRange(actor, {
    timeZone: viewer.profile?.timezone ?? "UTC",
    searchParams: url.searchParams,
  });
  const cursor = url.searchParams.get("cursor");
  try {
    const [detail, history] = await Promise.all([
      services.analytics.getCampaignDetail(actor, {
        campaignId: params.campaignId,
        range: { from: range.from, to: range.to },
      }),
      services.campaigns.listChangeLog(actor, {
        campaignId: params.campaignId,
        limit: HISTORY_PAGE_SIZE,
        cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : null,
      }),
    ]);
    // The Ads tab (?tab=ads) loads the campaign's ads, the drawer's ad (?ad=) and "New ad"'s images (?newAd=).
    const tab: "ads" | "overview" = url.searchParams.get("tab") === "ads" ? "ads" : "overview";
    const adsTab =
      tab === "ads"
        ? await loadAdsTab(services, actor, {
            campaignId: params.campaignId,
            campaignName: detail.campaign.name,
            range: { from: range.from, to: range.to },
            searchParams: url.searchParams,
          })
        : null;
    const older = new URLSearchParams(url.searchParams);
    if (history.nextCursor) older.set("cursor", history.nextCursor);
    const back = new URLSearchParams();
    for (const name of ["range", "from", "to"]) {
      const value = url.searchParams.get(name);
      if (value) back.set(name, value);
    }
    return {
      detail,
      range,
      previousRange: previousRange(range),
      history: { entries: history.entries, olderHref: history.nextCursor ? `?${older.toString()}` : null },
      now: new Date().toISOString(),
      backSearch: back.size > 0 ? `?${back.toString()}` : "",
      timeZone: viewer.profile?.timezone ?? "UTC",
      tab,
      adsTab,
    };
  } catch (error) {
    // Another organization's campaign, or one that is gone, is simply not there.
    if (error instanceof AppError && error.code === "not_found") throw notFound(request, context);
    throw error;
  }
}

function notFound(request: Request, context: Route.LoaderArgs["context"]) {
  logMissingPage(request, context);
  return data(null, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  // "New ad" posts its own intent; every other intent is a campaign change.
  const body = (await args.request
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (body?.intent === "create-image-ad") return createImageAdAction(args, body);
  return campaignAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepsTableData(args) ? false : args.defaultShouldRevalidate;
}

export default function CampaignDetailRoute({ loaderData }: Route.ComponentProps) {
  const { adsTab, ...rest } = loaderData;
  return (
    <CampaignDetailScreen
      {...rest}
      adsPanel={
        adsTab ? (
          <AdsPanel
            campaign={{ id: loaderData.detail.campaign.id, name: loaderData.detail.campaign.name }}
            {...adsTab}
          />
        ) : null
      }
    />
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("campaigns");
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="mx-auto flex min-h-[50svh] max-w-xl flex-col items-center justify-center gap-3 text-center">
      <h1 className="font-bold text-2xl tracking-tight">{t("detail.errorTitle")}</h1>
      <p className="text-muted-foreground">{t("detail.errorBody")}</p>
    </section>
  );
}
