import type {
  CampaignPlatformIssue,
  ExternalAdAccount,
  ExternalCampaign,
  ExternalCampaignStatus,
  ExternalDailyMetric,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { LinkedInAdAccount, LinkedInAnalyticsElement, LinkedInCampaign } from "./schemas.ts";

/**
 * LinkedIn ad accounts carry no time zone; its reporting days are UTC days, so UTC is the
 * account's calendar for our metrics.
 */
export const LINKEDIN_REPORTING_TIME_ZONE = "UTC";
const CAMPAIGN_URN_PREFIX = "urn:li:sponsoredCampaign:";

export function mapLinkedInAccount(account: LinkedInAdAccount): ExternalAdAccount {
  return {
    externalId: account.id,
    name: account.name,
    currency: account.currency.toUpperCase(),
    timeZone: LINKEDIN_REPORTING_TIME_ZONE,
    context: {},
  };
}

/** ACTIVE runs; PAUSED and DRAFT do not run yet can; ARCHIVED, COMPLETED and CANCELED are over. */
export function mapLinkedInCampaignStatus(status: string): ExternalCampaignStatus {
  if (status === "ACTIVE") return "enabled";
  if (status === "PAUSED" || status === "DRAFT") return "paused";
  return "removed";
}

export function mapLinkedInCampaign(campaign: LinkedInCampaign, account: ExternalAdAccount): ExternalCampaign {
  const budget = campaign.dailyBudget;
  return {
    externalId: campaign.id,
    name: campaign.name,
    status: mapLinkedInCampaignStatus(campaign.status),
    dailyBudgetMinor: budget ? decimalToMinor(budget.amount, budget.currencyCode) : null,
    currency: budget?.currencyCode.toUpperCase() ?? account.currency,
    ...platformIssueOf(campaign),
  };
}

/**
 * The holds of an ACTIVE campaign that are LinkedIn's doing: a spent total budget (campaign, group
 * or account) or an account on hold; other holds (an audience too small, a group on hold) under
 * LinkedIn's own name. Start and end dates are the team's own schedule, so no issue.
 */
export function platformIssueOf(campaign: LinkedInCampaign): { platformIssue?: CampaignPlatformIssue } {
  if (campaign.status !== "ACTIVE") return {};
  const holds = (campaign.servingStatuses ?? []).filter(
    (status) => status !== "RUNNABLE" && status !== "STOPPED" && !/_(START|END)_DATE_HOLD$/.test(status),
  );
  if (holds.some((hold) => hold.endsWith("TOTAL_BUDGET_HOLD"))) return { platformIssue: "budget_exhausted" };
  if (holds.includes("ACCOUNT_SERVING_HOLD")) return { platformIssue: "account_suspended" };
  return holds[0] ? { platformIssue: holds[0] } : {};
}

function formatDate(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** Strips `urn:li:sponsoredCampaign:` from a pivot value. */
export function readCampaignIdFromUrn(urn: string): string {
  if (!urn.startsWith(CAMPAIGN_URN_PREFIX))
    throw new PlatformError("linkedin-ads", "rejected", `LinkedIn answered an unexpected pivot value: ${urn}.`);
  return urn.slice(CAMPAIGN_URN_PREFIX.length);
}

/** One DAILY element → one campaign-day; costs are decimal strings in the account currency. */
export function mapLinkedInAnalyticsElement(
  element: LinkedInAnalyticsElement,
  account: ExternalAdAccount,
): ExternalDailyMetric {
  const currency = account.currency;
  return {
    campaignExternalId: readCampaignIdFromUrn(element.pivotValues[0] ?? ""),
    date: formatDate(element.dateRange.start),
    impressions: element.impressions ?? 0,
    clicks: element.clicks ?? 0,
    spendMinor: decimalToMinor(element.costInLocalCurrency ?? "0", currency),
    conversions: element.externalWebsiteConversions ?? 0,
    conversionValueMinor: decimalToMinor(element.conversionValueInLocalCurrency ?? "0", currency),
    currency,
  };
}
