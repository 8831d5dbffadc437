import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ImageAdSupport } from "#core/ads/ad-creation-module.ts";
import type { AdMetrics, CampaignAds } from "#core/ads/ads-types.ts";
import { AdMetricsSheet } from "./ads-metrics-sheet.tsx";
import { type NewAdImage, NewImageAdDialog } from "./ads-new-ad-dialog.tsx";
import { type AdSyncState, AdsTab, useSearchHref } from "./ads-tab.tsx";

export interface AdsPanelProps {
  campaign: { id: string; name: string };
  ads: CampaignAds;
  adSync: AdSyncState | null;
  support: ImageAdSupport;
  adMetrics: AdMetrics | null;
  newAd: { images: NewAdImage[]; preselectedImageId: string | null; defaultLandingUrl: string } | null;
}

/** The campaign page's Ads tab with its drawer (?ad=) and its "New ad" dialog (?newAd=). */
export function AdsPanel({ campaign, ads, adSync, support, adMetrics, newAd }: AdsPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const hrefWith = useSearchHref();
  const close = useCallback(
    (param: "ad" | "newAd") => navigate(hrefWith({ [param]: null }), { preventScrollReset: true, replace: true }),
    [navigate, hrefWith],
  );
  const openAd = adMetrics
    ? (ads.adGroups.flatMap((group) => group.ads).find((ad) => ad.id === adMetrics.adId) ?? null)
    : null;
  const closeNewAd = useCallback(() => close("newAd"), [close]);
  return (
    <>
      <AdsTab ads={ads} adSync={adSync} />
      <AdMetricsSheet ad={openAd} metrics={adMetrics} onClose={() => close("ad")} />
      {newAd ? (
        <NewImageAdDialog
          key={newAd.preselectedImageId ?? "new"}
          open
          onClose={closeNewAd}
          action={location.pathname}
          campaign={{ id: campaign.id, name: campaign.name, platform: ads.platform }}
          adGroups={ads.adGroups.map((group) => ({ id: group.id, name: group.name }))}
          images={newAd.images}
          support={support}
          defaultLandingUrl={newAd.defaultLandingUrl}
          preselectedImageId={newAd.preselectedImageId}
        />
      ) : null}
    </>
  );
}
