import { readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { mapLinkedInTokenError, parseLinkedInBody } from "./errors.ts";
import { LINKEDIN_SCOPES, readLinkedInUrl } from "./metadata.ts";
import { linkedInTokenSchema } from "./schemas.ts";

/** The 3-legged authorization URL: `response_type=code`, our client id, redirect, state and the ads scopes. */
export function buildLinkedInAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    scope: LINKEDIN_SCOPES.join(" "),
  });
  return `${readLinkedInUrl(config, "authorize")}?${params.toString()}`;
}

/** Exchanges the callback's code (form-encoded POST, client credentials in the body). */
export async function exchangeLinkedInCode(
  config: ConnectorConfig,
  callback: URLSearchParams,
  redirectUri: string,
): Promise<TokenSet> {
  const error = callback.get("error");
  if (error) {
    const description = callback.get("error_description") ?? error;
    throw new PlatformError("linkedin-ads", "rejected", `LinkedIn did not grant access: ${description}`, {
      platformCode: error,
    });
  }
  const code = callback.get("code");
  if (!code) throw new PlatformError("linkedin-ads", "rejected", "LinkedIn's callback carries no code.");
  return requestTokens(
    config,
    {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    },
    null,
  );
}

/**
 * A new 60-day access token. LinkedIn's refresh token keeps its original 365-day life (refreshing
 * does not extend it), so its expiry stays in `context.refreshTokenExpiresAt`.
 */
export async function refreshLinkedInTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  if (!tokens.refreshToken)
    throw new PlatformError("linkedin-ads", "access_revoked", "This LinkedIn grant has no refresh token.");
  return requestTokens(
    config,
    {
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    },
    tokens,
  );
}

/**
 * Revokes the access token (form-encoded, client credentials in the body): the member's grant to
 * the app ends. LinkedIn answers 200; a token it no longer knows is refused (`access_revoked`).
 */
export async function revokeLinkedInAccess(config: ConnectorConfig, tokens: TokenSet): Promise<void> {
  const response = await sendPlatformRequest({
    platform: "linkedin-ads",
    url: readLinkedInUrl(config, "revoke"),
    form: { client_id: config.clientId, client_secret: config.clientSecret, token: tokens.accessToken },
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapLinkedInTokenError(response, body, true);
}

async function requestTokens(
  config: ConnectorConfig,
  form: Record<string, string>,
  previous: TokenSet | null,
): Promise<TokenSet> {
  const response = await sendPlatformRequest({ platform: "linkedin-ads", url: readLinkedInUrl(config, "token"), form });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapLinkedInTokenError(response, body, previous !== null);
  const answer = parseLinkedInBody(linkedInTokenSchema, body, "the token request");
  const now = Date.now();
  const refreshToken = answer.refresh_token ?? previous?.refreshToken ?? null;
  const context: Record<string, string> = { ...previous?.context };
  if (answer.scope) context.scope = answer.scope;
  const isSameRefreshToken = previous !== null && refreshToken === previous.refreshToken;
  // Keep the first-known expiry of an unchanged refresh token: a later answer can only repeat it.
  if (answer.refresh_token_expires_in !== undefined && !(isSameRefreshToken && context.refreshTokenExpiresAt))
    context.refreshTokenExpiresAt = new Date(now + answer.refresh_token_expires_in * 1000).toISOString();
  return {
    accessToken: answer.access_token,
    refreshToken,
    expiresAt: new Date(now + answer.expires_in * 1000),
    context,
  };
}
