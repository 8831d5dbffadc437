import type { ConnectorMetadata } from "#connectors/connector.ts";

/**
 * Microsoft Advertising (Bing Ads API v13, REST): the Microsoft identity platform for OAuth and
 * one host per service. URL names: `authorize`, `token`, `customerManagement`,
 * `campaignManagement`, `reporting` (service roots including `/v13`). Report downloads go to
 * whatever URL the Poll answer names.
 */
export const microsoftAdsMetadata: ConnectorMetadata = {
  platform: "microsoft-ads",
  liveUrls: {
    authorize: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    token: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    customerManagement: "https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13",
    campaignManagement: "https://campaign.api.bingads.microsoft.com/CampaignManagement/v13",
    reporting: "https://reporting.api.bingads.microsoft.com/Reporting/v13",
  },
  sandboxUrls: (root) => ({
    authorize: `${root}/microsoft-ads/common/oauth2/v2.0/authorize`,
    token: `${root}/microsoft-ads/common/oauth2/v2.0/token`,
    customerManagement: `${root}/microsoft-ads/CustomerManagement/v13`,
    campaignManagement: `${root}/microsoft-ads/CampaignManagement/v13`,
    reporting: `${root}/microsoft-ads/Reporting/v13`,
  }),
  liveCredentialVariables: {
    clientId: "MICROSOFT_ADS_CLIENT_ID",
    clientSecret: "MICROSOFT_ADS_CLIENT_SECRET",
    developerToken: "MICROSOFT_ADS_DEVELOPER_TOKEN",
  },
  minimumDailyBudgetUnits: 1,
};
