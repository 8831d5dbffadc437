import type {
  CampaignPlatformIssue,
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
    ...platformIssueOf(campaign),
  };
}

/** TikTok's secondary statuses that mean the platform keeps an enabled campaign from delivering. */
const ISSUE_BY_SECONDARY_STATUS: Record<string, CampaignPlatformIssue> = {
  CAMPAIGN_STATUS_BUDGET_EXCEED: "budget_exhausted",
  ADVERTISER_ACCOUNT_PUNISH: "account_suspended",
  CAMPAIGN_STATUS_ADVERTISER_AUDIT_DENY: "account_suspended",
  CAMPAIGN_STATUS_TTS_ACCOUNT_BALANCE_INSUFFICIENT: "TTS_ACCOUNT_BALANCE_INSUFFICIENT",
  CAMPAIGN_STATUS_AD_UNAVAILABLE: "AD_UNAVAILABLE",
  CAMPAIGN_STATUS_PRODUCT_UNAVAILABLE: "PRODUCT_UNAVAILABLE",
};

/** Why TikTok stopped an enabled campaign, from its secondary status (disapprovals end in DISAPPROVED). */
export function platformIssueOf(campaign: TikTokCampaign): { platformIssue?: CampaignPlatformIssue } {
  const secondary = campaign.secondary_status;
  if (campaign.operation_status !== "ENABLE" || !secondary) return {};
  if (secondary.endsWith("DISAPPROVED")) return { platformIssue: "disapproved" };
  const issue = ISSUE_BY_SECONDARY_STATUS[secondary];
  return issue ? { platformIssue: issue } : {};
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
