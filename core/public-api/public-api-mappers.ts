import type { CampaignMetrics, CampaignSummary, Kpis } from "#core/analytics/analytics-types.ts";
import type { WireCampaign, WireCampaignMetrics } from "./public-api-schemas.ts";
import { toWirePlatform, toWireStatus } from "./wire-values.ts";

const round = (value: number | null, digits: number): number | null =>
  value === null ? null : Number(value.toFixed(digits));

export function toWireCampaign(campaign: CampaignSummary): WireCampaign {
  return {
    id: campaign.id,
    platform: toWirePlatform(campaign.platform),
    ad_account_id: campaign.adAccountId,
    name: campaign.name,
    status: toWireStatus(campaign.status),
    daily_budget:
      campaign.dailyBudgetMinor === null
        ? null
        : { amount_minor: campaign.dailyBudgetMinor, currency: campaign.currency },
    created_at: campaign.createdAt,
  };
}

function toWireKpis(kpis: Kpis, currency: string) {
  return {
    impressions: kpis.impressions,
    clicks: kpis.clicks,
    conversions: kpis.conversions,
    spend: { amount_minor: kpis.spendMinor, currency },
    revenue: { amount_minor: kpis.revenueMinor, currency },
    ctr: round(kpis.ctr, 4),
    cpc: kpis.cpcMinor === null ? null : { amount_minor: Math.round(kpis.cpcMinor), currency },
    roas: round(kpis.roas, 2),
    roi: round(kpis.roi, 2),
  };
}

export function toWireCampaignMetrics(metrics: CampaignMetrics): WireCampaignMetrics {
  const currency = metrics.campaign.currency;
  return {
    campaign_id: metrics.campaign.id,
    from: metrics.range.from,
    to: metrics.range.to,
    ...toWireKpis(metrics.total, currency),
    ...(metrics.daily
      ? { daily: metrics.daily.map(({ date, ...kpis }) => ({ date, ...toWireKpis(kpis, currency) })) }
      : {}),
  };
}
