import { minorToMicros } from "#connectors/money-units.ts";
import type { AdPlatformConnector, ConnectorConfig, DateRange } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createGoogleAdLevelReads } from "./ads.ts";
import { createGoogleAdsClient } from "./client.ts";
import { createGoogleConversionReads } from "./conversions.ts";
import { createGoogleImageAd } from "./create-image-ad.ts";
import { mapGoogleCampaign, mapGoogleCustomer, mapGoogleDailyMetric } from "./mappers.ts";
import { buildGoogleAuthorizeUrl, exchangeGoogleCode, refreshGoogleTokens, revokeGoogleAccess } from "./oauth.ts";

const CUSTOMER_QUERY =
  "SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer";
const CAMPAIGNS_QUERY =
  "SELECT campaign.id, campaign.name, campaign.status, campaign.serving_status, campaign.primary_status, " +
  "campaign.primary_status_reasons, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign";

/**
 * Google Ads over REST v26. Accounts come from listAccessibleCustomers plus a GAQL query per
 * customer, campaigns from `:search` (pages of 10,000), daily metrics from `:searchStream`
 * (a JSON array of batches), changes through campaigns:mutate and campaignBudgets:mutate; ad
 * groups, ads, their assets and ad-days in ads.ts; conversion actions and their days in conversions.ts.
 */
export function createGoogleAdsConnector(config: ConnectorConfig): AdPlatformConnector {
  const client = createGoogleAdsClient(config);

  return {
    platform: "google-ads",
    authorizeUrl: (input) => buildGoogleAuthorizeUrl(config, input),
    exchangeCode: (callback, redirectUri) => exchangeGoogleCode(config, callback, redirectUri),
    refreshTokens: (tokens) => refreshGoogleTokens(config, tokens),
    revokeAccess: (tokens) => revokeGoogleAccess(config, tokens),
    ...createGoogleAdLevelReads(config, client, checkDigits),
    ...createGoogleConversionReads(client, checkDigits),
    createImageAd: createGoogleImageAd(config, client, checkDigits),

    async listAdAccounts(tokens) {
      const customerIds = await client.listAccessibleCustomers(tokens.accessToken);
      const accounts = [];
      for (const customerId of customerIds) {
        const [row] = await client.search(tokens.accessToken, customerId, CUSTOMER_QUERY);
        // A manager (MCC) account holds no campaigns of its own.
        if (row?.customer?.manager === true) continue;
        accounts.push(mapGoogleCustomer(customerId, row));
      }
      return accounts;
    },

    async listCampaigns(tokens, account) {
      const rows = await client.search(tokens.accessToken, checkDigits(account.externalId), CAMPAIGNS_QUERY);
      return rows.map((row) => mapGoogleCampaign(row, account.currency));
    },

    async fetchDailyMetrics(tokens, account, range) {
      const { from, to } = checkRange(range);
      const query =
        "SELECT campaign.id, segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, " +
        `metrics.conversions, metrics.conversions_value FROM campaign WHERE segments.date BETWEEN '${from}' AND '${to}'`;
      const rows = await client.searchStream(tokens.accessToken, checkDigits(account.externalId), query);
      return rows.map((row) => mapGoogleDailyMetric(row, account.currency));
    },

    async setCampaignStatus(tokens, account, campaignExternalId, status) {
      const customerId = checkDigits(account.externalId);
      await client.mutate(tokens.accessToken, customerId, "campaigns", [
        {
          updateMask: "status",
          update: {
            resourceName: `customers/${customerId}/campaigns/${checkDigits(campaignExternalId)}`,
            status: status === "enabled" ? "ENABLED" : "PAUSED",
          },
        },
      ]);
    },

    async setCampaignName(tokens, account, campaignExternalId, name) {
      const customerId = checkDigits(account.externalId);
      await client.mutate(tokens.accessToken, customerId, "campaigns", [
        {
          updateMask: "name",
          update: { resourceName: `customers/${customerId}/campaigns/${checkDigits(campaignExternalId)}`, name },
        },
      ]);
    },

    /**
     * A Search campaign on its own (non-shared) budget: the budget first, then the campaign that
     * points at it, then the campaign as Google now lists it. If Google refuses the campaign, the
     * budget it would have used is removed again rather than left behind unused.
     */
    async createCampaign(tokens, account, campaign) {
      const customerId = checkDigits(account.externalId);
      const [budget] = await client.mutate(tokens.accessToken, customerId, "campaignBudgets", [
        {
          create: {
            amountMicros: String(minorToMicros(campaign.dailyBudgetMinor, account.currency)),
            deliveryMethod: "STANDARD",
            period: "DAILY",
            // Google shares a new budget unless told not to; this one belongs to one campaign.
            explicitlyShared: false,
          },
        },
      ]);
      if (!budget) throw new PlatformError("google-ads", "rejected", "Google Ads created no campaign budget.");
      let resourceName: string | undefined;
      try {
        [resourceName] = await client.mutate(tokens.accessToken, customerId, "campaigns", [
          {
            create: {
              name: campaign.name,
              status: campaign.status === "enabled" ? "ENABLED" : "PAUSED",
              advertisingChannelType: "SEARCH",
              campaignBudget: budget,
              // Maximize clicks: the budget alone steers it, no keyword bids needed.
              targetSpend: {},
              networkSettings: {
                targetGoogleSearch: true,
                targetSearchNetwork: true,
                targetContentNetwork: false,
                targetPartnerSearchNetwork: false,
              },
              // Google refuses a new campaign without this declaration (the EU political ads regulation).
              containsEuPoliticalAdvertising: "DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING",
            },
          },
        ]);
      } catch (error) {
        await client.mutate(tokens.accessToken, customerId, "campaignBudgets", [{ remove: budget }]).catch(() => {});
        throw error;
      }
      const campaignId = /\/campaigns\/(\d+)$/.exec(resourceName ?? "")?.[1];
      if (!campaignId) throw new PlatformError("google-ads", "rejected", "Google Ads created no campaign.");
      const [row] = await client.search(
        tokens.accessToken,
        customerId,
        `${CAMPAIGNS_QUERY} WHERE campaign.id = ${campaignId}`,
      );
      if (!row) throw new PlatformError("google-ads", "rejected", `Google Ads does not list campaign ${campaignId}.`);
      return mapGoogleCampaign(row, account.currency);
    },

    async setCampaignDailyBudget(tokens, account, campaignExternalId, dailyBudgetMinor) {
      const customerId = checkDigits(account.externalId);
      // The budget is its own resource; find the one this campaign points at.
      const [row] = await client.search(
        tokens.accessToken,
        customerId,
        `SELECT campaign.id, campaign.campaign_budget FROM campaign WHERE campaign.id = ${checkDigits(campaignExternalId)}`,
      );
      const budget = row?.campaign?.campaignBudget;
      if (!budget) {
        throw new PlatformError(
          "google-ads",
          "rejected",
          `Campaign ${campaignExternalId} was not found in Google Ads account ${customerId} or has no budget.`,
        );
      }
      await client.mutate(tokens.accessToken, customerId, "campaignBudgets", [
        {
          updateMask: "amount_micros",
          update: { resourceName: budget, amountMicros: String(minorToMicros(dailyBudgetMinor, account.currency)) },
        },
      ]);
    },
  };
}

/** Ids go into URLs and GAQL, so only digits pass. */
function checkDigits(id: string): string {
  if (!/^\d+$/.test(id)) throw new PlatformError("google-ads", "rejected", `"${id}" is not a Google Ads id.`);
  return id;
}

function checkRange(range: DateRange): DateRange {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) {
    throw new PlatformError("google-ads", "rejected", `Not a date range: ${range.from} to ${range.to}.`);
  }
  return range;
}
