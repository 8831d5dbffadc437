import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { callGraph } from "./graph-request.ts";
import { mutationResultSchema, tokenResponseSchema } from "./schemas.ts";

/** Read insights, change campaigns, see the business's ad accounts. Meta separates scopes with commas. */
export const FACEBOOK_ADS_SCOPES = ["ads_read", "ads_management", "business_management"] as const;

export function buildFacebookAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput): string {
  const url = new URL(readUrl(config, "authorize"));
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("state", input.state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", FACEBOOK_ADS_SCOPES.join(","));
  return url.toString();
}

/**
 * Meta's manual login flow: the code buys a short-lived user token, which is exchanged at once
 * for a long-lived one (~60 days). There is no refresh token.
 */
export async function exchangeFacebookCode(
  config: ConnectorConfig,
  callback: URLSearchParams,
  redirectUri: string,
): Promise<TokenSet> {
  const denial = callback.get("error");
  if (denial) {
    const description = callback.get("error_description") ?? "The user did not grant access.";
    throw new PlatformError("facebook-ads", "access_revoked", `Meta: ${description}`, {
      platformCode: callback.get("error_reason") ?? denial,
    });
  }
  const code = callback.get("code");
  if (!code) throw new PlatformError("facebook-ads", "rejected", "Meta's callback carried no code.");
  const shortLived = await callGraph(
    {
      url: readUrl(config, "token"),
      params: { client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: redirectUri, code },
      context: "oauth",
    },
    tokenResponseSchema,
  );
  return exchangeForLongLivedToken(config, shortLived.access_token, {});
}

/** Meta's "refresh": a still-valid long-lived token is exchanged for a fresh one. */
export async function refreshFacebookTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  return exchangeForLongLivedToken(config, tokens.accessToken, tokens.context);
}

/**
 * Removes the app for the person who granted it (`DELETE /me/permissions`): every token of the
 * grant stops working. A token Meta no longer accepts throws like any Graph call (code 190).
 */
export async function revokeFacebookAccess(config: ConnectorConfig, tokens: TokenSet): Promise<void> {
  const result = await callGraph(
    { url: `${readUrl(config, "api")}/me/permissions`, method: "DELETE", accessToken: tokens.accessToken },
    mutationResultSchema,
  );
  if (!result.success)
    throw new PlatformError("facebook-ads", "rejected", "Meta did not remove the app's permissions.");
}

async function exchangeForLongLivedToken(
  config: ConnectorConfig,
  accessToken: string,
  context: Record<string, string>,
): Promise<TokenSet> {
  const requestedAt = Date.now();
  const longLived = await callGraph(
    {
      url: readUrl(config, "token"),
      params: {
        grant_type: "fb_exchange_token",
        client_id: config.clientId,
        client_secret: config.clientSecret,
        fb_exchange_token: accessToken,
      },
      context: "oauth",
    },
    tokenResponseSchema,
  );
  return {
    accessToken: longLived.access_token,
    refreshToken: null,
    expiresAt: longLived.expires_in ? new Date(requestedAt + longLived.expires_in * 1000) : null,
    context: { ...context },
  };
}

export function readUrl(config: ConnectorConfig, name: "authorize" | "token" | "api"): string {
  const url = config.urls[name];
  if (!url) throw new Error(`The facebook-ads connector needs the "${name}" URL in its configuration.`);
  return url;
}
