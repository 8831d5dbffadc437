import type { AdPlatformConnector, ConnectorConfig } from "#core/shared/connector-port.ts";
import { mapFacebookAd, mapFacebookAdInsightRow, mapFacebookAdSet } from "./ad-mappers.ts";
import { fetchGraphAdInsights, listGraphAdSets, listGraphAds, replaceGraphAdUrlTags } from "./ads-client.ts";
import {
  createGraphCampaign,
  type FacebookClientOptions,
  fetchGraphInsights,
  getGraphCampaign,
  listGraphAdAccounts,
  listGraphCampaigns,
  updateGraphCampaign,
} from "./client.ts";
import { createFacebookConversionReads } from "./conversions.ts";
import { createFacebookImageAd } from "./create-image-ad.ts";
import { mapFacebookAdAccount, mapFacebookCampaign, mapFacebookInsightRow } from "./mappers.ts";
import {
  buildFacebookAuthorizeUrl,
  exchangeFacebookCode,
  readUrl,
  refreshFacebookTokens,
  revokeFacebookAccess,
} from "./oauth.ts";

export type FacebookAdsConnectorOptions = Partial<Omit<FacebookClientOptions, "apiUrl">>;

/**
 * Meta Marketing API (Graph v26.0). URL names: `authorize`, `token`, `api` (see metadata.ts).
 * Options exist for tests and tuning; the defaults suit the live API.
 */
export function createFacebookAdsConnector(
  config: ConnectorConfig,
  options: FacebookAdsConnectorOptions = {},
): AdPlatformConnector {
  const client: FacebookClientOptions = {
    apiUrl: readUrl(config, "api"),
    pageSize: options.pageSize ?? 500,
    asyncThresholdDays: options.asyncThresholdDays ?? 31,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    pollTimeoutMs: options.pollTimeoutMs ?? 10 * 60_000,
  };
  return {
    platform: "facebook-ads",
    authorizeUrl: (input) => buildFacebookAuthorizeUrl(config, input),
    exchangeCode: (callback, redirectUri) => exchangeFacebookCode(config, callback, redirectUri),
    refreshTokens: (tokens) => refreshFacebookTokens(config, tokens),
    revokeAccess: (tokens) => revokeFacebookAccess(config, tokens),
    async listAdAccounts(tokens) {
      const accounts = await listGraphAdAccounts(client, tokens.accessToken);
      return accounts.map(mapFacebookAdAccount);
    },
    async listCampaigns(tokens, account) {
      const campaigns = await listGraphCampaigns(client, tokens.accessToken, account.externalId);
      return campaigns.map((campaign) => mapFacebookCampaign(campaign, account.currency));
    },
    async fetchDailyMetrics(tokens, account, range) {
      const rows = await fetchGraphInsights(client, tokens.accessToken, account.externalId, range);
      return rows.map((row) => mapFacebookInsightRow(row, account.currency));
    },
    async listAdGroups(tokens, account) {
      return (await listGraphAdSets(client, tokens.accessToken, account.externalId)).map(mapFacebookAdSet);
    },
    async listAds(tokens, account) {
      return (await listGraphAds(client, tokens.accessToken, account.externalId)).map(mapFacebookAd);
    },
    async fetchAdDailyMetrics(tokens, account, range) {
      const rows = await fetchGraphAdInsights(client, tokens.accessToken, account.externalId, range);
      return rows.map((row) => mapFacebookAdInsightRow(row, account.currency));
    },
    ...createFacebookConversionReads(client),
    createImageAd: createFacebookImageAd(client),
    /** url_tags live on the creative, which Meta never changes: the ad gets a copy with the new tags. */
    async setAdUrlSuffix(tokens, _account, adExternalId, urlSuffix) {
      await replaceGraphAdUrlTags(client, tokens.accessToken, adExternalId, urlSuffix.replace(/^[?&]+/, ""));
    },
    async setCampaignStatus(tokens, _account, campaignExternalId, status) {
      await updateGraphCampaign(client, tokens.accessToken, campaignExternalId, {
        status: status === "enabled" ? "ACTIVE" : "PAUSED",
      });
    },
    async setCampaignDailyBudget(tokens, _account, campaignExternalId, dailyBudgetMinor) {
      // Meta takes budgets in the currency's minor unit, as an integer.
      await updateGraphCampaign(client, tokens.accessToken, campaignExternalId, {
        daily_budget: String(Math.round(dailyBudgetMinor)),
      });
    },
    async setCampaignName(tokens, _account, campaignExternalId, name) {
      await updateGraphCampaign(client, tokens.accessToken, campaignExternalId, { name });
    },
    /** A sales campaign with campaign budget optimisation (the daily budget sits on the campaign). */
    async createCampaign(tokens, account, campaign) {
      const id = await createGraphCampaign(client, tokens.accessToken, account.externalId, {
        name: campaign.name,
        objective: "OUTCOME_SALES",
        status: campaign.status === "enabled" ? "ACTIVE" : "PAUSED",
        daily_budget: String(campaign.dailyBudgetMinor),
        bid_strategy: "LOWEST_COST_WITHOUT_CAP",
        // Required on every new campaign; none of credit, employment, housing or politics.
        special_ad_categories: [],
      });
      return mapFacebookCampaign(await getGraphCampaign(client, tokens.accessToken, id), account.currency);
    },
  };
}
