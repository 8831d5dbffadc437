import type { ConnectorMetadata } from "#connectors/connector.ts";

/** Pinned, because Marketing API versions are auto-upgraded on their own shorter clock. */
export const FACEBOOK_GRAPH_VERSION = "v26.0";

/**
 * Meta's endpoints. URL names the connector reads: `authorize` (the Login dialog), `token` (the
 * Graph API's `oauth/access_token`, used for the code exchange and for `fb_exchange_token`) and
 * `api` (the Graph API root including the version).
 */
export const facebookAdsMetadata: ConnectorMetadata = {
  platform: "facebook-ads",
  liveUrls: {
    authorize: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
    token: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
    api: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`,
  },
  sandboxUrls: (sandboxRoot) => ({
    authorize: `${sandboxRoot}/facebook-ads/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
    token: `${sandboxRoot}/facebook-ads/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
    api: `${sandboxRoot}/facebook-ads/${FACEBOOK_GRAPH_VERSION}`,
  }),
  liveCredentialVariables: { clientId: "META_APP_ID", clientSecret: "META_APP_SECRET" },
  minimumDailyBudgetUnits: 1,
};
