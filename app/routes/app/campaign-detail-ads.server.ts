/**
 * The campaign page's Ads tab: what its loader adds (the campaign's ads, an ad's days for the
 * drawer, the images for "New ad") and its action's intent "create-image-ad". HTTP glue only: the
 * use cases of services.ads, services.adCreation and services.assets, as the viewer.
 */
import { data } from "react-router";
import type { NewAdImage, NewAdResult } from "#app/components/campaigns/ads-new-ad-dialog.tsx";
import type { AdSyncState } from "#app/components/campaigns/ads-tab.tsx";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Actor } from "#core/access/actor.ts";
import type { ImageAdSupport } from "#core/ads/ad-creation-module.ts";
import type { AdMetrics, CampaignAds } from "#core/ads/ads-types.ts";
import { suggestedUtmParameters, withSuggestedUtm } from "#core/ads/image-ad-rules.ts";
import { parseAssetFilters } from "#core/assets/asset-schemas.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { DateRange } from "#core/shared/connector-port.ts";

type Services = AppContextValue["services"];
const ID = /^[\w-]{1,64}$/;

export interface AdsTabData {
  ads: CampaignAds;
  adSync: AdSyncState | null;
  support: ImageAdSupport;
  /** The drawer's ad (`?ad=`), when it is one of the campaign's. */
  adMetrics: AdMetrics | null;
  /** "New ad" (`?newAd=1`, or `?newAd=<upload id>` to start with that image). */
  newAd: { images: NewAdImage[]; preselectedImageId: string | null; defaultLandingUrl: string } | null;
}

export async function loadAdsTab(
  services: Services,
  actor: Actor,
  input: { campaignId: string; campaignName: string; range: DateRange; searchParams: URLSearchParams },
): Promise<AdsTabData> {
  const { campaignId, range, searchParams } = input;
  const [ads, adSync] = await Promise.all([
    services.ads.listCampaignAds(actor, { campaignId, range }),
    services.adCreation.getCampaignAdSync(actor, { campaignId }),
  ]);
  const support = await services.adCreation.getImageAdSupport(actor, ads.platform);
  const adId = searchParams.get("ad");
  const isOurs = adId && ads.adGroups.some((group) => group.ads.some((ad) => ad.id === adId));
  const adMetrics = isOurs ? await services.ads.getAdMetrics(actor, { adId, range }) : null;
  const wanted = searchParams.get("newAd");
  let newAd: AdsTabData["newAd"] = null;
  if (wanted && ID.test(wanted)) {
    const page = await services.assets.listAssets(actor, parseAssetFilters(new URLSearchParams("kind=image")));
    const images = page.items.map((item) => ({ id: item.id, name: item.name, thumbnailUrl: item.thumbnailUrl }));
    // Start from the landing page the campaign's ads already use, without their query.
    const firstLanding = ads.adGroups.flatMap((group) => group.ads).find((ad) => ad.creative.landingUrl)
      ?.creative.landingUrl;
    let base = "https://";
    if (firstLanding)
      try {
        const url = new URL(firstLanding);
        base = `${url.origin}${url.pathname}`;
      } catch {
        base = "https://";
      }
    const utm = suggestedUtmParameters(ads.platform, input.campaignName);
    newAd = {
      images,
      preselectedImageId: wanted === "1" ? null : wanted,
      defaultLandingUrl: base === "https://" ? base : withSuggestedUtm(base, utm),
    };
  }
  return { ads, adSync, support, adMetrics, newAd };
}

interface ActionArgs {
  request: Request;
  params: { campaignId?: string };
  context: { get(key: typeof appContext): AppContextValue };
}

/** POST {intent: "create-image-ad", …}: creates the ad on the platform; field errors in the reader's language. */
export async function createImageAdAction({ request, params, context }: ActionArgs, body: Record<string, unknown>) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const t = await translatorFor(request, context);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  try {
    const created = await services.adCreation.createImageAd(actorOf(viewer), {
      campaignId: params.campaignId ?? "",
      adGroupId: text(body.adGroupId),
      assetId: text(body.assetId),
      headline: text(body.headline),
      body: text(body.body),
      landingUrl: text(body.landingUrl),
      status: body.status === "enabled" ? "enabled" : "paused",
    });
    return data<NewAdResult>({ ok: true, intent: "create-image-ad", ad: { adId: created.adId, name: created.name } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fieldErrors = error.details?.fieldErrors as Record<string, string> | undefined;
    return data<NewAdResult>(
      {
        ok: false,
        intent: "create-image-ad",
        message: translateMessage(t, error.message),
        fieldErrors: fieldErrors
          ? Object.fromEntries(
              Object.entries(fieldErrors).map(([field, message]) => [field, translateMessage(t, message)]),
            )
          : undefined,
      },
      { status: error.status },
    );
  }
}
