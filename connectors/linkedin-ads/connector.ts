import type { AdPlatformConnector, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import {
  createLinkedInCampaign,
  fetchLinkedInAnalytics,
  findLinkedInCampaignGroup,
  getLinkedInCampaign,
  type LinkedInSession,
  searchLinkedInAdAccounts,
  searchLinkedInCampaigns,
  toAccountUrn,
  updateLinkedInCampaign,
} from "./client.ts";
import { createLinkedInConversionReads } from "./conversions.ts";
import {
  mapLinkedInCampaignAsAdGroup,
  mapLinkedInCreative,
  mapLinkedInCreativeAnalyticsElement,
} from "./creative-mappers.ts";
import {
  fetchLinkedInCreativeAnalytics,
  readLinkedInCreativeFiles,
  searchLinkedInCreatives,
} from "./creatives-client.ts";
import { mapLinkedInAccount, mapLinkedInAnalyticsElement, mapLinkedInCampaign } from "./mappers.ts";
import {
  buildLinkedInAuthorizeUrl,
  exchangeLinkedInCode,
  refreshLinkedInTokens,
  revokeLinkedInAccess,
} from "./oauth.ts";

export interface LinkedInAdsConnectorOptions {
  /** Page size of the search finders (LinkedIn allows up to 1000). */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;
const UNITED_STATES = "urn:li:geo:103644278";

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
    revokeAccess: (tokens) => revokeLinkedInAccess(config, tokens),

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

    /** LinkedIn has no ad groups: each campaign stands for its own. */
    async listAdGroups(tokens, account) {
      const campaigns = await searchLinkedInCampaigns(session(tokens), account.externalId, pageSize);
      return campaigns.map(mapLinkedInCampaignAsAdGroup);
    },

    async listAds(tokens, account) {
      const creatives = await searchLinkedInCreatives(session(tokens), account.externalId, pageSize);
      const files = await readLinkedInCreativeFiles(session(tokens), creatives);
      return creatives.map((creative) => mapLinkedInCreative(creative, files));
    },

    /** Creative analytics name only the creative, so the creatives are listed for their campaigns and kinds. */
    async fetchAdDailyMetrics(tokens, account, range) {
      const elements = await fetchLinkedInCreativeAnalytics(session(tokens), account.externalId, range);
      if (elements.length === 0) return [];
      const creatives = await searchLinkedInCreatives(session(tokens), account.externalId, pageSize);
      // Posts only: whether a creative is a video shows in its post's media URN.
      const files = await readLinkedInCreativeFiles(session(tokens), creatives, { withMedia: false });
      const ads = new Map(
        creatives.map((creative) => {
          const ad = mapLinkedInCreative(creative, files);
          return [ad.externalId, ad];
        }),
      );
      return elements.map((element) => mapLinkedInCreativeAnalyticsElement(element, account, ads));
    },
    // No setAdUrlSuffix: LinkedIn's API cannot add URL parameters to a creative.

    ...createLinkedInConversionReads(config, pageSize),

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

    async setCampaignName(tokens, account, campaignExternalId, name) {
      await updateLinkedInCampaign(session(tokens), account.externalId, campaignExternalId, { name });
    },

    /**
     * A sponsored-content campaign in the account's default campaign group, on its own daily
     * budget, starting now; then read back. Ads and audience are refined in Campaign Manager.
     */
    async createCampaign(tokens, account, campaign) {
      const campaignGroup = await findLinkedInCampaignGroup(session(tokens), account.externalId);
      const id = await createLinkedInCampaign(session(tokens), account.externalId, {
        account: toAccountUrn(account.externalId),
        campaignGroup,
        name: campaign.name,
        type: "SPONSORED_UPDATES",
        costType: "CPM",
        objectiveType: "WEBSITE_VISIT",
        dailyBudget: {
          amount: minorToDecimal(campaign.dailyBudgetMinor, account.currency),
          currencyCode: account.currency,
        },
        status: campaign.status === "enabled" ? "ACTIVE" : "PAUSED",
        runSchedule: { start: Date.now() },
        locale: { country: "US", language: "en" },
        // LinkedIn needs at least one location; the United States until the team narrows it.
        targetingCriteria: { include: { and: [{ or: { "urn:li:adTargetingFacet:locations": [UNITED_STATES] } }] } },
        offsiteDeliveryEnabled: false,
        politicalIntent: "NOT_POLITICAL",
      });
      return mapLinkedInCampaign(await getLinkedInCampaign(session(tokens), account.externalId, id), account);
    },
  };
}
