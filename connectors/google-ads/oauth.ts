import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { googleOAuthErrorSchema, googleTokenResponseSchema } from "./schemas.ts";

export const GOOGLE_ADS_SCOPE = "https://www.googleapis.com/auth/adwords";

/** Google's consent page: offline access with prompt=consent, so the code always yields a refresh token. */
export function buildGoogleAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput): string {
  const url = new URL(config.urls.authorize ?? "");
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: GOOGLE_ADS_SCOPE,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state: input.state,
  }).toString();
  return url.toString();
}

export async function exchangeGoogleCode(
  config: ConnectorConfig,
  callback: URLSearchParams,
  redirectUri: string,
): Promise<TokenSet> {
  const denial = callback.get("error");
  if (denial) {
    const description = callback.get("error_description");
    throw new PlatformError("google-ads", "rejected", `Google did not grant access: ${description ?? denial}.`, {
      platformCode: denial,
    });
  }
  const code = callback.get("code");
  if (!code) throw new PlatformError("google-ads", "rejected", "Google's callback carried no authorization code.");
  const token = await requestGoogleToken(config, "authorization_code", {
    code,
    redirect_uri: redirectUri,
  });
  if (!token.refresh_token) {
    throw new PlatformError("google-ads", "rejected", "Google returned no refresh token for offline access.");
  }
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: new Date(Date.now() + token.expires_in * 1000),
    context: {},
  };
}

/** Google keeps the refresh token: a refresh only brings a new access token. */
export async function refreshGoogleTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new PlatformError("google-ads", "access_revoked", "There is no refresh token; connect Google Ads again.");
  }
  const token = await requestGoogleToken(config, "refresh_token", { refresh_token: tokens.refreshToken });
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? tokens.refreshToken,
    expiresAt: new Date(Date.now() + token.expires_in * 1000),
    context: tokens.context,
  };
}

/**
 * Revokes the grant (oauth2.googleapis.com/revoke): with the refresh token, so the whole grant goes
 * and not only one access token. Google answers 200; `invalid_token` means the token is already
 * expired or revoked.
 */
export async function revokeGoogleAccess(config: ConnectorConfig, tokens: TokenSet): Promise<void> {
  const response = await sendPlatformRequest({
    platform: "google-ads",
    url: config.urls.revoke ?? "",
    form: { token: tokens.refreshToken ?? tokens.accessToken },
  });
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const body = await readJsonBody(response);
  if (response.status === 429 || response.status >= 500) throw errorFromStatus("google-ads", response);
  const failure = googleOAuthErrorSchema.safeParse(body);
  if (!failure.success) throw errorFromStatus("google-ads", response);
  const { error, error_description: description } = failure.data;
  throw new PlatformError(
    "google-ads",
    error === "invalid_token" ? "access_revoked" : "rejected",
    `Google refused the revocation: ${description ?? error}.`,
    { platformCode: error, httpStatus: response.status },
  );
}

async function requestGoogleToken(
  config: ConnectorConfig,
  grantType: "authorization_code" | "refresh_token",
  fields: Record<string, string>,
) {
  const response = await sendPlatformRequest({
    platform: "google-ads",
    url: config.urls.token ?? "",
    form: { grant_type: grantType, client_id: config.clientId, client_secret: config.clientSecret, ...fields },
  });
  const body = await readJsonBody(response);
  if (response.ok) {
    const parsed = googleTokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new PlatformError("google-ads", "rejected", "Google's token endpoint answered in an unexpected shape.", {
        httpStatus: response.status,
      });
    }
    return parsed.data;
  }
  if (response.status === 429 || response.status >= 500) throw errorFromStatus("google-ads", response);
  const failure = googleOAuthErrorSchema.safeParse(body);
  if (!failure.success) throw errorFromStatus("google-ads", response);
  const { error, error_description: description } = failure.data;
  const message = `Google refused the token request: ${description ?? error}.`;
  // invalid_grant on refresh means the grant is gone (revoked, expired, password change).
  const kind = error === "invalid_grant" && grantType === "refresh_token" ? "access_revoked" : "rejected";
  throw new PlatformError("google-ads", kind, message, { platformCode: error, httpStatus: response.status });
}
