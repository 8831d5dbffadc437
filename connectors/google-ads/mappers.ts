import { microsToMinor } from "#connectors/money-units.ts";
import type {
  CampaignPlatformIssue,
  ExternalAdAccount,
  ExternalCampaign,
  ExternalCampaignStatus,
  ExternalDailyMetric,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { GoogleAdsRow } from "./schemas.ts";

/** A customer row (FROM customer) → our ad account. Google's time zones are already IANA names. */
export function mapGoogleCustomer(customerId: string, row: GoogleAdsRow | undefined): ExternalAdAccount {
  const customer = row?.customer;
  if (!customer?.currencyCode || !customer.timeZone) {
    throw new PlatformError(
      "google-ads",
      "rejected",
      `Google Ads returned no currency or time zone for ${customerId}.`,
    );
  }
  return {
    externalId: customer.id ?? customerId,
    name: customer.descriptiveName || customerId,
    currency: customer.currencyCode,
    timeZone: customer.timeZone,
    context: {},
  };
}

export function mapGoogleCampaignStatus(status: string | undefined): ExternalCampaignStatus {
  if (status === "ENABLED") return "enabled";
  if (status === "REMOVED") return "removed";
  // PAUSED, and UNKNOWN/UNSPECIFIED, which do not serve.
  return "paused";
}

/** A campaign row (campaign + its campaign_budget) → our campaign, the budget from micros to minor units. */
export function mapGoogleCampaign(row: GoogleAdsRow, currency: string): ExternalCampaign {
  const campaign = row.campaign;
  if (!campaign?.id) throw new PlatformError("google-ads", "rejected", "Google Ads returned a campaign without an id.");
  const micros = row.campaignBudget?.amountMicros;
  return {
    externalId: campaign.id,
    name: campaign.name ?? campaign.id,
    status: mapGoogleCampaignStatus(campaign.status),
    dailyBudgetMinor: micros === undefined ? null : microsToMinor(micros, currency),
    currency,
    ...platformIssueOf(campaign),
  };
}

/**
 * Why Google keeps an enabled campaign from serving: a SUSPENDED serving status (the account),
 * or a NOT_ELIGIBLE primary status, disapproved ads among its reasons. Being LIMITED (e.g. by
 * budget) still serves, so it is no issue.
 */
export function platformIssueOf(campaign: NonNullable<GoogleAdsRow["campaign"]>): {
  platformIssue?: CampaignPlatformIssue;
} {
  if (campaign.status !== "ENABLED") return {};
  if (campaign.servingStatus === "SUSPENDED") return { platformIssue: "account_suspended" };
  if (campaign.primaryStatus !== "NOT_ELIGIBLE") return {};
  const reasons = campaign.primaryStatusReasons ?? [];
  if (reasons.some((reason) => reason.endsWith("DISAPPROVED"))) return { platformIssue: "disapproved" };
  return { platformIssue: reasons[0] ?? "NOT_ELIGIBLE" };
}

/** A campaign × segments.date row → our daily metric: cost micros and the conversion value double to minor units. */
export function mapGoogleDailyMetric(row: GoogleAdsRow, currency: string): ExternalDailyMetric {
  const campaignId = row.campaign?.id;
  const date = row.segments?.date;
  if (!campaignId || !date) {
    throw new PlatformError("google-ads", "rejected", "Google Ads returned a metrics row without campaign or date.");
  }
  const metrics = row.metrics ?? {};
  return {
    campaignExternalId: campaignId,
    date,
    impressions: Number(metrics.impressions ?? 0),
    clicks: Number(metrics.clicks ?? 0),
    spendMinor: microsToMinor(metrics.costMicros ?? 0, currency),
    conversions: metrics.conversions ?? 0,
    conversionValueMinor: decimalToMinor(metrics.conversionsValue ?? 0, currency),
    currency,
  };
}
