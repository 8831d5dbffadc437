import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { advertiserListSchema, mutationDataSchema, tokenDataSchema } from "./schemas.ts";
import { callTikTok } from "./tiktok-request.ts";

/** The advertiser authorization portal; scopes are set on the app, not in the URL. */
export function buildTikTokAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput): string {
  const url = new URL(readUrl(config, "authorize"));
  url.searchParams.set("app_id", config.clientId);
  url.searchParams.set("state", input.state);
  url.searchParams.set("redirect_uri", input.redirectUri);
  return url.toString();
}

/**
 * The portal sends `auth_code` back (a denial comes back without one). The code buys a long-term
 * access token: it does not expire and there is no refresh token.
 */
export async function exchangeTikTokCode(config: ConnectorConfig, callback: URLSearchParams): Promise<TokenSet> {
  const authCode = callback.get("auth_code") ?? callback.get("code");
  if (!authCode)
    throw new PlatformError("tiktok-ads", "access_revoked", "TikTok: the advertiser did not authorize the app.");
  const data = await callTikTok(
    {
      url: readUrl(config, "token"),
      method: "POST",
      json: { app_id: config.clientId, secret: config.clientSecret, auth_code: authCode },
      context: "oauth",
    },
    tokenDataSchema,
  );
  return {
    accessToken: data.access_token,
    refreshToken: null,
    expiresAt: null,
    context: { advertiserIds: data.advertiser_ids.join(",") },
  };
}

/**
 * There is nothing to refresh: the same token comes back while the grant still works. A token
 * TikTok refuses here is gone for good (revoked), so only a reconnect helps.
 */
export async function refreshTikTokTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  await callTikTok(
    {
      url: `${readUrl(config, "api")}/oauth2/advertiser/get/`,
      query: { app_id: config.clientId, secret: config.clientSecret },
      accessToken: tokens.accessToken,
      context: "grant",
    },
    advertiserListSchema,
  );
  return { ...tokens, context: { ...tokens.context } };
}

/**
 * Revokes the long-term token (`oauth2/revoke_token/`): the advertiser's grant to the app ends. A
 * token TikTok already refuses throws `access_revoked`.
 */
export async function revokeTikTokAccess(config: ConnectorConfig, tokens: TokenSet): Promise<void> {
  await callTikTok(
    {
      url: `${readUrl(config, "api")}/oauth2/revoke_token/`,
      method: "POST",
      json: { app_id: config.clientId, secret: config.clientSecret, access_token: tokens.accessToken },
      context: "grant",
    },
    mutationDataSchema,
  );
}

export function readUrl(config: ConnectorConfig, name: "authorize" | "token" | "api"): string {
  const url = config.urls[name];
  if (!url) throw new Error(`The tiktok-ads connector needs the "${name}" URL in its configuration.`);
  return url;
}
