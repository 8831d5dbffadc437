import type { ConnectorMetadata } from "#connectors/connector.ts";

/**
 * TikTok API for Business v1.3. URL names the connector reads: `authorize` (the advertiser
 * authorization portal), `token` (`oauth2/access_token/`) and `api` (the `open_api/v1.3` root).
 */
export const tiktokAdsMetadata: ConnectorMetadata = {
  platform: "tiktok-ads",
  liveUrls: {
    authorize: "https://business-api.tiktok.com/portal/auth",
    token: "https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/",
    api: "https://business-api.tiktok.com/open_api/v1.3",
  },
  sandboxUrls: (sandboxRoot) => ({
    authorize: `${sandboxRoot}/tiktok-ads/portal/auth`,
    token: `${sandboxRoot}/tiktok-ads/open_api/v1.3/oauth2/access_token/`,
    api: `${sandboxRoot}/tiktok-ads/open_api/v1.3`,
  }),
  liveCredentialVariables: { clientId: "TIKTOK_APP_ID", clientSecret: "TIKTOK_APP_SECRET" },
  minimumDailyBudgetUnits: 50,
};
