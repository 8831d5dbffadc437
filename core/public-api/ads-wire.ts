/** The ads slice's answers in the API's words (ads-schemas.ts). */
import type { AdKpis, AdMetrics, CampaignAds, Creative, CreativeSummary } from "#core/ads/ads-types.ts";
import type { FatigueVerdict, FatigueWindowFacts } from "#core/ads/creative-fatigue.ts";
import type { WireAdDailyMetrics, WireAdMetrics, WireAsset, WireCampaignAds, WireFatigue } from "./ads-schemas.ts";
import { toWirePlatform, toWireStatus } from "./wire-values.ts";

const round = (value: number | null, digits: number): number | null =>
  value === null ? null : Number(value.toFixed(digits));
const money = (amountMinor: number | null, currency: string) =>
  amountMinor === null ? null : { amount_minor: Math.round(amountMinor), currency };

export function toWireAdMetrics(kpis: AdKpis, currency: string): WireAdMetrics {
  return {
    impressions: kpis.impressions,
    clicks: kpis.clicks,
    conversions: kpis.conversions,
    spend: { amount_minor: kpis.spendMinor, currency },
    revenue: { amount_minor: kpis.revenueMinor, currency },
    ctr: round(kpis.ctr, 4),
    cpc: money(kpis.cpcMinor, currency),
    cpa: money(kpis.cpaMinor, currency),
    roas: round(kpis.roas, 2),
    reach: kpis.reach,
    video_views: kpis.videoViews,
    hook_rate: round(kpis.hookRate, 4),
  };
}

function toWireCreative(creative: Creative) {
  return {
    id: creative.id,
    external_id: creative.externalId,
    kind: creative.kind,
    headline: creative.headline,
    body: creative.body,
    landing_url: creative.landingUrl,
    url_suffix: creative.urlSuffix,
    media_url: creative.mediaUrl,
    thumbnail_url: creative.thumbnailUrl,
    has_utm: creative.hasUtm,
  };
}

export function toWireCampaignAds(ads: CampaignAds): WireCampaignAds {
  return {
    campaign_id: ads.campaignId,
    platform: toWirePlatform(ads.platform),
    from: ads.range.from,
    to: ads.range.to,
    ad_groups: ads.adGroups.map((group) => ({
      id: group.id,
      external_id: group.externalId,
      name: group.name,
      status: toWireStatus(group.status),
      metrics: toWireAdMetrics(group.metrics, ads.currency),
      ads: group.ads.map((ad) => ({
        id: ad.id,
        external_id: ad.externalId,
        name: ad.name,
        status: toWireStatus(ad.status),
        creative: toWireCreative(ad.creative),
        metrics: toWireAdMetrics(ad.metrics, ads.currency),
      })),
    })),
  };
}

export function toWireAdDailyMetrics(metrics: AdMetrics): WireAdDailyMetrics {
  return {
    ad_id: metrics.adId,
    campaign_id: metrics.campaignId,
    from: metrics.range.from,
    to: metrics.range.to,
    ...toWireAdMetrics(metrics.total, metrics.currency),
    daily: metrics.daily.map((day) => ({ date: day.date, ...toWireAdMetrics(day.metrics, metrics.currency) })),
  };
}

function toWireWindow(facts: FatigueWindowFacts, currency: string) {
  return {
    window: facts.window,
    impressions: facts.impressions,
    clicks: facts.clicks,
    ctr: round(facts.ctr, 4),
    frequency: round(facts.frequency, 2),
    daily_spend: { amount_minor: Math.round(facts.dailySpendMinor), currency },
  };
}

export function toWireFatigue(verdict: FatigueVerdict, currency: string): WireFatigue {
  const { evidence } = verdict;
  return {
    status: verdict.status,
    evidence: evidence
      ? {
          first_days: toWireWindow(evidence.first, currency),
          recent_days: toWireWindow(evidence.recent, currency),
          ctr_change: round(evidence.ctrChange, 4),
          frequency_change: round(evidence.frequencyChange, 4),
          spend_change: round(evidence.spendChange, 4),
          reasons: evidence.reasons,
        }
      : null,
  };
}

export function toWireAsset(creative: CreativeSummary): WireAsset {
  return {
    ...toWireCreative(creative),
    platforms: creative.platforms.map(toWirePlatform),
    ad_account_id: creative.adAccountId,
    status: toWireStatus(creative.status),
    used_in: creative.usedIn.map((use) => ({
      campaign_id: use.campaignId,
      campaign_name: use.campaignName,
      ad_group_id: use.adGroupId,
      ad_group_name: use.adGroupName,
      ad_id: use.adId,
      ad_name: use.adName,
      status: toWireStatus(use.status),
    })),
    metrics: toWireAdMetrics(creative.metrics, creative.currency),
    fatigue: toWireFatigue(creative.fatigue, creative.currency),
  };
}
