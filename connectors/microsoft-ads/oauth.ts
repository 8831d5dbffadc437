import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { microsoftOAuthErrorSchema, microsoftTokenResponseSchema } from "./schemas.ts";

export const MICROSOFT_ADS_SCOPE = "https://ads.microsoft.com/msads.manage offline_access";

/** Errors that mean the grant itself is gone or needs the user again; only Reconnect helps. */
const GRANT_GONE_ERRORS = new Set(["invalid_grant", "interaction_required", "consent_required"]);

export function buildMicrosoftAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput): string {
  const url = new URL(config.urls.authorize ?? "");
  url.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: "code",
    redirect_uri: input.redirectUri,
    response_mode: "query",
    scope: `${MICROSOFT_ADS_SCOPE} openid profile`,
    state: input.state,
    prompt: "select_account",
  }).toString();
  return url.toString();
}

export async function exchangeMicrosoftCode(
  config: ConnectorConfig,
  callback: URLSearchParams,
  redirectUri: string,
): Promise<TokenSet> {
  const denial = callback.get("error");
  if (denial) {
    const description = callback.get("error_description");
    throw new PlatformError("microsoft-ads", "rejected", `Microsoft did not grant access: ${description ?? denial}`, {
      platformCode: denial,
    });
  }
  const code = callback.get("code");
  if (!code)
    throw new PlatformError("microsoft-ads", "rejected", "Microsoft's callback carried no authorization code.");
  const token = await requestMicrosoftToken(config, "authorization_code", { code, redirect_uri: redirectUri });
  if (!token.refresh_token) {
    throw new PlatformError("microsoft-ads", "rejected", "Microsoft returned no refresh token (offline_access).");
  }
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: new Date(Date.now() + token.expires_in * 1000),
    context: {},
  };
}

/** Microsoft rotates refresh tokens: the answer's refresh token replaces the one we sent. */
export async function refreshMicrosoftTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new PlatformError(
      "microsoft-ads",
      "access_revoked",
      "There is no refresh token; connect Microsoft Ads again.",
    );
  }
  const token = await requestMicrosoftToken(config, "refresh_token", { refresh_token: tokens.refreshToken });
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? tokens.refreshToken,
    expiresAt: new Date(Date.now() + token.expires_in * 1000),
    context: tokens.context,
  };
}

async function requestMicrosoftToken(
  config: ConnectorConfig,
  grantType: "authorization_code" | "refresh_token",
  fields: Record<string, string>,
) {
  const response = await sendPlatformRequest({
    platform: "microsoft-ads",
    url: config.urls.token ?? "",
    form: {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: grantType,
      scope: MICROSOFT_ADS_SCOPE,
      ...fields,
    },
  });
  const body = await readJsonBody(response);
  if (response.ok) {
    const parsed = microsoftTokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new PlatformError(
        "microsoft-ads",
        "rejected",
        "Microsoft's token endpoint answered in an unexpected shape.",
        {
          httpStatus: response.status,
        },
      );
    }
    return parsed.data;
  }
  if (response.status === 429 || response.status >= 500) throw errorFromStatus("microsoft-ads", response);
  const failure = microsoftOAuthErrorSchema.safeParse(body);
  if (!failure.success) throw errorFromStatus("microsoft-ads", response);
  const { error, error_description: description, error_codes: codes } = failure.data;
  const kind = grantType === "refresh_token" && GRANT_GONE_ERRORS.has(error) ? "access_revoked" : "rejected";
  throw new PlatformError("microsoft-ads", kind, `Microsoft refused the token request: ${description ?? error}`, {
    platformCode: codes?.[0] ? `AADSTS${codes[0]}` : error,
    httpStatus: response.status,
  });
}
