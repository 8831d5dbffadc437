import type { ConnectorMetadata } from "#connectors/connector.ts";

/**
 * Google Ads lives on three hosts: Google's OAuth consent page, its token (and revocation)
 * endpoint and the Ads API. URL names: `authorize`, `token`, `revoke`, `api` (the API root; the
 * client appends `/v26/...`), and YouTube's for video assets: `youtube` (watch pages) and `ytimg`
 * (thumbnails).
 */
export const googleAdsMetadata: ConnectorMetadata = {
  platform: "google-ads",
  liveUrls: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    revoke: "https://oauth2.googleapis.com/revoke",
    api: "https://googleads.googleapis.com",
    youtube: "https://www.youtube.com",
    ytimg: "https://i.ytimg.com",
  },
  sandboxUrls: (root) => ({
    authorize: `${root}/google-ads/o/oauth2/v2/auth`,
    token: `${root}/google-ads/token`,
    revoke: `${root}/google-ads/revoke`,
    api: `${root}/google-ads`,
    youtube: `${root}/google-ads/youtube`,
    ytimg: `${root}/google-ads/ytimg`,
  }),
  // The developer token ended on Sep 9, 2026: access now belongs to the OAuth client's Cloud project.
  liveCredentialVariables: { clientId: "GOOGLE_ADS_CLIENT_ID", clientSecret: "GOOGLE_ADS_CLIENT_SECRET" },
  minimumDailyBudgetUnits: 1,
};
