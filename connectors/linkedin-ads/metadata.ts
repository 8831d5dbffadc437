import type { ConnectorMetadata } from "#connectors/connector.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";

/** The Marketing API version every call pins (LinkedIn has no default version). */
export const LINKEDIN_VERSION = "202607";
export const LINKEDIN_SCOPES = ["r_ads", "r_ads_reporting", "rw_ads"] as const;

/**
 * URL names: `authorize` (the OAuth dialog), `token` (the accessToken endpoint), `revoke` (token
 * revocation) and `api` (the versioned REST root, `…/rest`).
 */
export const linkedinAdsMetadata: ConnectorMetadata = {
  platform: "linkedin-ads",
  liveUrls: {
    authorize: "https://www.linkedin.com/oauth/v2/authorization",
    token: "https://www.linkedin.com/oauth/v2/accessToken",
    revoke: "https://www.linkedin.com/oauth/v2/revoke",
    api: "https://api.linkedin.com/rest",
  },
  sandboxUrls: (root) => ({
    authorize: `${root}/linkedin-ads/oauth/v2/authorization`,
    token: `${root}/linkedin-ads/oauth/v2/accessToken`,
    revoke: `${root}/linkedin-ads/oauth/v2/revoke`,
    api: `${root}/linkedin-ads/rest`,
  }),
  liveCredentialVariables: { clientId: "LINKEDIN_CLIENT_ID", clientSecret: "LINKEDIN_CLIENT_SECRET" },
  minimumDailyBudgetUnits: 10,
};

/** A configured URL by name; a missing one is a configuration error, not a platform answer. */
export function readLinkedInUrl(config: ConnectorConfig, name: "authorize" | "token" | "revoke" | "api"): string {
  const url = config.urls[name];
  if (!url) throw new Error(`The LinkedIn Ads connector needs config.urls.${name}.`);
  return url;
}
