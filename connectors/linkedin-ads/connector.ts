import type { AdPlatformConnector, ConnectorConfig, TokenSet } from "../connector.ts";
import { minorToDecimal } from "../money-units.ts";
import {
  fetchLinkedInAnalytics,
  type LinkedInSession,
  searchLinkedInAdAccounts,
  searchLinkedInCampaigns,
  updateLinkedInCampaign,
} from "./client.ts";
import { mapLinkedInAccount, mapLinkedInAnalyticsElement, mapLinkedInCampaign } from "./mappers.ts";
import { buildLinkedInAuthorizeUrl, exchangeLinkedInCode, refreshLinkedInTokens } from "./oauth.ts";

export interface LinkedInAdsConnectorOptions {
  /** Page size of the search finders (LinkedIn allows up to 1000). */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;

/**
 * LinkedIn Marketing API connector. Reads `config.urls.authorize`, `token` and `api`.
 * Tokens: a 60-day access token and a 365-day refresh token whose expiry refreshing does not
 * extend (`context.refreshTokenExpiresAt`). Metrics are UTC days (see mappers.ts).
 */
export function createLinkedInAdsConnector(
  config: ConnectorConfig,
  options: LinkedInAdsConnectorOptions = {},
): AdPlatformConnector {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const session = (tokens: TokenSet): LinkedInSession => ({ config, accessToken: tokens.accessToken });

  return {
    platform: "linkedin-ads",
    authorizeUrl: (input) => buildLinkedInAuthorizeUrl(config, input),
    exchangeCode: (callback, redirectUri) => exchangeLinkedInCode(config, callback, redirectUri),
    refreshTokens: (tokens) => refreshLinkedInTokens(config, tokens),

    async listAdAccounts(tokens) {
      const accounts = await searchLinkedInAdAccounts(session(tokens), pageSize);
      return accounts.map(mapLinkedInAccount);
    },

    async listCampaigns(tokens, account) {
      const campaigns = await searchLinkedInCampaigns(session(tokens), account.externalId, pageSize);
      return campaigns.map((campaign) => mapLinkedInCampaign(campaign, account));
    },

    async fetchDailyMetrics(tokens, account, range) {
      const elements = await fetchLinkedInAnalytics(session(tokens), account.externalId, range);
      return elements.map((element) => mapLinkedInAnalyticsElement(element, account));
    },

    async setCampaignStatus(tokens, account, campaignExternalId, status) {
      await updateLinkedInCampaign(session(tokens), account.externalId, campaignExternalId, {
        status: status === "enabled" ? "ACTIVE" : "PAUSED",
      });
    },

    async setCampaignDailyBudget(tokens, account, campaignExternalId, dailyBudgetMinor) {
      await updateLinkedInCampaign(session(tokens), account.externalId, campaignExternalId, {
        dailyBudget: { amount: minorToDecimal(dailyBudgetMinor, account.currency), currencyCode: account.currency },
      });
    },
  };
}
