/** An ad's or creative's sums turned into what the views show: the campaign KPIs plus reach, video views and hook rate. */
import { toKpis } from "#core/analytics/kpis.ts";
import type { CreativeKind } from "#core/shared/connector-port.ts";
import type { AdSums } from "./ads-repository.ts";
import type { AdKpis } from "./ads-types.ts";

export const NO_AD_SUMS: AdSums = {
  impressions: 0,
  clicks: 0,
  spendMinor: 0,
  conversions: 0,
  revenueMinor: 0,
  reach: null,
  videoViews: null,
};

const addNullable = (a: number | null, b: number | null): number | null =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

export function addAdSums(a: AdSums, b: AdSums): AdSums {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spendMinor: a.spendMinor + b.spendMinor,
    conversions: a.conversions + b.conversions,
    revenueMinor: a.revenueMinor + b.revenueMinor,
    reach: addNullable(a.reach, b.reach),
    videoViews: addNullable(a.videoViews, b.videoViews),
  };
}

/**
 * The KPIs of the sums. Hook rate (video views ÷ impressions: how many stopped for the first
 * seconds) only for video creatives with views reported; `kind` null: a mix (an ad group).
 */
export function toAdKpis(sums: AdSums, kind: CreativeKind | null): AdKpis {
  return {
    ...toKpis(sums),
    reach: sums.reach,
    videoViews: sums.videoViews,
    hookRate:
      kind === "video" && sums.videoViews !== null && sums.impressions > 0 ? sums.videoViews / sums.impressions : null,
  };
}
