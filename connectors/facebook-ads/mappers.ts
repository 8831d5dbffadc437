import {
  type CampaignPlatformIssue,
  type ExternalAdAccount,
  type ExternalCampaign,
  type ExternalCampaignStatus,
  type ExternalDailyMetric,
  PLATFORM_ISSUE_MAX_LENGTH,
} from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { GraphAdAccount, GraphCampaign, GraphInsightRow } from "./schemas.ts";

/**
 * The one purchase action type we count. Meta reports the same purchase again under `purchase`,
 * `offsite_conversion.fb_pixel_purchase`, `onsite_web_purchase`, …; `omni_purchase` is the
 * deduplicated total across web, app and offline.
 */
export const CANONICAL_PURCHASE_ACTION = "omni_purchase";

const STATUS_BY_GRAPH_STATUS: Record<GraphCampaign["status"], ExternalCampaignStatus> = {
  ACTIVE: "enabled",
  PAUSED: "paused",
  ARCHIVED: "removed",
  DELETED: "removed",
};

export function mapFacebookAdAccount(account: GraphAdAccount): ExternalAdAccount {
  return {
    externalId: account.account_id,
    name: account.name,
    currency: account.currency,
    timeZone: account.timezone_name,
    context: {},
  };
}

export function mapFacebookCampaign(campaign: GraphCampaign, currency: string): ExternalCampaign {
  // "0" or no daily_budget: the campaign has a lifetime budget or its ad sets carry the budget.
  const dailyBudget = campaign.daily_budget ? Number(campaign.daily_budget) : 0;
  return {
    externalId: campaign.id,
    name: campaign.name,
    status: STATUS_BY_GRAPH_STATUS[campaign.status],
    dailyBudgetMinor: dailyBudget > 0 ? dailyBudget : null,
    currency,
    ...platformIssueOf(campaign),
  };
}

/**
 * Why Meta keeps an active campaign from delivering, from its effective status: DISAPPROVED ads;
 * WITH_ISSUES, named by the first issue's summary (e.g. "Ad account disabled"); or waiting for
 * billing information. Statuses of a paused ad set or of a review in progress are no issue.
 */
export function platformIssueOf(campaign: GraphCampaign): { platformIssue?: CampaignPlatformIssue } {
  if (campaign.status !== "ACTIVE") return {};
  if (campaign.effective_status === "DISAPPROVED") return { platformIssue: "disapproved" };
  if (campaign.effective_status === "PENDING_BILLING_INFO") return { platformIssue: "PENDING_BILLING_INFO" };
  if (campaign.effective_status !== "WITH_ISSUES") return {};
  const summary = campaign.issues_info?.find((issue) => issue.error_summary)?.error_summary?.trim();
  return { platformIssue: summary ? summary.slice(0, PLATFORM_ISSUE_MAX_LENGTH) : "WITH_ISSUES" };
}

/**
 * One insights row (level=campaign, time_increment=1) in our model. Clicks are link clicks
 * (`inline_link_clicks`): Meta's `clicks` also counts likes, shares and profile clicks, which no
 * other platform calls a click.
 */
export function mapFacebookInsightRow(row: GraphInsightRow, currency: string): ExternalDailyMetric {
  const purchases = row.actions?.find((action) => action.action_type === CANONICAL_PURCHASE_ACTION);
  const purchaseValue = row.action_values?.find((action) => action.action_type === CANONICAL_PURCHASE_ACTION);
  return {
    campaignExternalId: row.campaign_id,
    date: row.date_start,
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.inline_link_clicks ?? 0),
    spendMinor: decimalToMinor(row.spend ?? "0", currency),
    conversions: Number(purchases?.value ?? 0),
    conversionValueMinor: decimalToMinor(purchaseValue?.value ?? "0", currency),
    currency,
  };
}
