import type { AdPlatformConnector, ConnectorConfig } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { minorToDecimal } from "#core/shared/money.ts";
import { mapTikTokAd, mapTikTokAdGroup, mapTikTokAdReportRow } from "./ad-mappers.ts";
import { fetchTikTokAdReport, listTikTokAdGroups, listTikTokAds, readTikTokFiles } from "./ads-client.ts";
import {
  createTikTokCampaign,
  fetchTikTokReport,
  getTikTokCampaign,
  listTikTokAdvertisers,
  listTikTokCampaigns,
  type TikTokClientOptions,
  updateTikTokCampaign,
  updateTikTokCampaignStatus,
} from "./client.ts";
import { createTikTokConversionReads } from "./conversions.ts";
import { mapTikTokAdvertiser, mapTikTokCampaign, mapTikTokReportRow } from "./mappers.ts";
import {
  buildTikTokAuthorizeUrl,
  exchangeTikTokCode,
  readUrl,
  refreshTikTokTokens,
  revokeTikTokAccess,
} from "./oauth.ts";

export type TikTokAdsConnectorOptions = Partial<Pick<TikTokClientOptions, "pageSize" | "chunkDays">>;

/**
 * TikTok API for Business v1.3. URL names: `authorize`, `token`, `api` (see metadata.ts).
 * Options exist for tests and tuning; the defaults suit the live API.
 */
export function createTikTokAdsConnector(
  config: ConnectorConfig,
  options: TikTokAdsConnectorOptions = {},
): AdPlatformConnector {
  const client: TikTokClientOptions = {
    apiUrl: readUrl(config, "api"),
    appId: config.clientId,
    secret: config.clientSecret,
    pageSize: Math.min(options.pageSize ?? 1000, 1000),
    chunkDays: Math.min(options.chunkDays ?? 30, 30),
  };
  return {
    platform: "tiktok-ads",
    authorizeUrl: (input) => buildTikTokAuthorizeUrl(config, input),
    exchangeCode: (callback) => exchangeTikTokCode(config, callback),
    refreshTokens: (tokens) => refreshTikTokTokens(config, tokens),
    revokeAccess: (tokens) => revokeTikTokAccess(config, tokens),
    async listAdAccounts(tokens) {
      const advertisers = await listTikTokAdvertisers(client, tokens.accessToken);
      return advertisers.map(mapTikTokAdvertiser);
    },
    async listCampaigns(tokens, account) {
      const campaigns = await listTikTokCampaigns(client, tokens.accessToken, account.externalId);
      return campaigns.map((campaign) => mapTikTokCampaign(campaign, account.currency));
    },
    async fetchDailyMetrics(tokens, account, range) {
      const rows = await fetchTikTokReport(client, tokens.accessToken, account.externalId, range);
      return rows.map((row) => mapTikTokReportRow(row, account.currency));
    },
    async listAdGroups(tokens, account) {
      return (await listTikTokAdGroups(client, tokens.accessToken, account.externalId)).map(mapTikTokAdGroup);
    },
    async listAds(tokens, account) {
      const ads = await listTikTokAds(client, tokens.accessToken, account.externalId);
      const files = await readTikTokFiles(client, tokens.accessToken, account.externalId, ads);
      return ads.map((ad) => mapTikTokAd(ad, files));
    },
    async fetchAdDailyMetrics(tokens, account, range) {
      const rows = await fetchTikTokAdReport(client, tokens.accessToken, account.externalId, range);
      return rows.map((row) => mapTikTokAdReportRow(row, account.currency));
    },
    ...createTikTokConversionReads(client),
    // No setAdUrlSuffix: TikTok's API has no URL suffix or tracking template; UTMs live in landing_page_url.
    async setCampaignStatus(tokens, account, campaignExternalId, status) {
      const operation = status === "enabled" ? "ENABLE" : "DISABLE";
      await updateTikTokCampaignStatus(client, tokens.accessToken, account.externalId, campaignExternalId, operation);
    },
    async setCampaignDailyBudget(tokens, account, campaignExternalId, dailyBudgetMinor) {
      const budget = Number(minorToDecimal(dailyBudgetMinor, account.currency));
      await updateTikTokCampaign(client, tokens.accessToken, account.externalId, campaignExternalId, { budget });
    },
    async setCampaignName(tokens, account, campaignExternalId, name) {
      await updateTikTokCampaign(client, tokens.accessToken, account.externalId, campaignExternalId, {
        campaign_name: name,
      });
    },
    /** A web conversions campaign with a daily budget (major units), then read back from campaign/get. */
    async createCampaign(tokens, account, campaign) {
      const campaignId = await createTikTokCampaign(client, tokens.accessToken, account.externalId, {
        campaign_name: campaign.name,
        objective_type: "WEB_CONVERSIONS",
        budget_mode: "BUDGET_MODE_DAY",
        budget: Number(minorToDecimal(campaign.dailyBudgetMinor, account.currency)),
        operation_status: campaign.status === "enabled" ? "ENABLE" : "DISABLE",
      });
      const created = await getTikTokCampaign(client, tokens.accessToken, account.externalId, campaignId);
      if (!created) throw new PlatformError("tiktok-ads", "rejected", `TikTok does not list campaign ${campaignId}.`);
      return mapTikTokCampaign(created, account.currency);
    },
  };
}
