import type {
  ExternalAdAccount,
  ExternalCampaign,
  ExternalCampaignStatus,
  ExternalDailyMetric,
} from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { TikTokAdvertiserInfo, TikTokCampaign, TikTokReportRow } from "./schemas.ts";

/** Budget modes whose `budget` is a daily amount; a total (lifetime) budget is not. */
const DAILY_BUDGET_MODES = new Set(["BUDGET_MODE_DAY", "BUDGET_MODE_DYNAMIC_DAILY_BUDGET"]);

export function mapTikTokAdvertiser(advertiser: TikTokAdvertiserInfo): ExternalAdAccount {
  return {
    externalId: advertiser.advertiser_id,
    name: advertiser.name,
    currency: advertiser.currency,
    // `timezone` is the zone reports are cut in; `display_timezone` is only for people.
    timeZone: advertiser.timezone,
    context: {},
  };
}

export function mapTikTokCampaign(campaign: TikTokCampaign, currency: string): ExternalCampaign {
  return {
    externalId: campaign.campaign_id,
    name: campaign.campaign_name,
    status: readStatus(campaign),
    dailyBudgetMinor:
      DAILY_BUDGET_MODES.has(campaign.budget_mode) && campaign.budget > 0
        ? decimalToMinor(campaign.budget, currency)
        : null,
    currency,
  };
}

/**
 * One report row (dimensions campaign_id + stat_time_day). Purchases are `complete_payment`;
 * `total_complete_payment_rate` is, despite its name, their total value.
 */
export function mapTikTokReportRow(row: TikTokReportRow, currency: string): ExternalDailyMetric {
  return {
    campaignExternalId: row.dimensions.campaign_id,
    date: row.dimensions.stat_time_day.slice(0, 10),
    impressions: Number(row.metrics.impressions),
    clicks: Number(row.metrics.clicks),
    spendMinor: decimalToMinor(row.metrics.spend, currency),
    conversions: Number(row.metrics.complete_payment),
    conversionValueMinor: decimalToMinor(row.metrics.total_complete_payment_rate, currency),
    currency,
  };
}

function readStatus(campaign: TikTokCampaign): ExternalCampaignStatus {
  if (campaign.operation_status === "DELETE" || campaign.secondary_status === "CAMPAIGN_STATUS_DELETE")
    return "removed";
  return campaign.operation_status === "ENABLE" ? "enabled" : "paused";
}
