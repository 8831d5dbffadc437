import type { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import {
  ACCESS_TTL_SECONDS,
  errorPage,
  KNOWN_SCOPES,
  openRefreshToken,
  PLATFORM,
  REFRESH_TTL_SECONDS,
  sealRefreshToken,
  withQuery,
} from "./linkedin-ads-common.ts";

/**
 * LinkedIn's OAuth: GET /oauth/v2/authorization (consent), POST /consent, POST /oauth/v2/accessToken
 * (form-encoded; 60-day access tokens, 365-day refresh tokens whose life a refresh does not extend)
 * and POST /oauth/v2/revoke.
 */

export function registerLinkedInOAuth(app: Hono, kit: SandboxKit): void {
  const credentials = () => kit.appCredentials(PLATFORM);

  app.get("/oauth/v2/authorization", (c) => {
    const clientId = c.req.query("client_id") ?? "";
    const redirectUri = c.req.query("redirect_uri") ?? "";
    const state = c.req.query("state") ?? "";
    const scope = c.req.query("scope") ?? "";
    if (clientId !== credentials().clientId) return errorPage(c, "The passed in client_id is invalid.");
    if (!redirectUri || !URL.canParse(redirectUri)) return errorPage(c, "The redirect_uri is missing or invalid.");
    // Checked before any error is sent back by redirecting: only the registered URI (Adhelm's callback).
    if (!kit.isAppCallback(PLATFORM, redirectUri))
      return errorPage(c, "The redirect_uri does not match the registered value.");
    if (c.req.query("response_type") !== "code")
      return c.redirect(
        withQuery(redirectUri, {
          error: "unsupported_response_type",
          error_description: "The response_type must be code.",
          state,
        }),
      );
    const scopes = scope.split(/[ ,]+/).filter(Boolean);
    const unknown = scopes.find((name) => !KNOWN_SCOPES.has(name));
    if (scopes.length === 0 || unknown)
      return c.redirect(
        withQuery(redirectUri, {
          error: "invalid_scope_error",
          error_description: `The requested permission scope is not valid: ${unknown ?? "(none)"}`,
          state,
        }),
      );
    return kit.consent.render(c, { platform: PLATFORM, clientId, redirectUri, state, scope: scopes.join(" ") });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      if (!decision.isAllowed)
        return withQuery(decision.redirectUri, {
          error: "user_cancelled_authorize",
          error_description: "The user cancelled the authorization",
          state: decision.state,
        });
      const code = kit.credentials.issueCode({
        tenant: decision.tenant,
        platform: PLATFORM,
        clientId: decision.clientId,
        redirectUri: decision.redirectUri,
      });
      return withQuery(decision.redirectUri, { code, state: decision.state });
    }),
  );

  app.post("/oauth/v2/accessToken", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const oauthError = (status: 400 | 401, error: string, description: string) =>
      c.json({ error, error_description: description }, status);
    if (field("client_id") !== credentials().clientId || field("client_secret") !== credentials().clientSecret)
      return oauthError(401, "invalid_client", "Client authentication failed");
    const grantType = field("grant_type");

    if (grantType === "authorization_code") {
      const tenant = kit.credentials.redeemCode(field("code"), {
        platform: PLATFORM,
        clientId: field("client_id"),
        redirectUri: field("redirect_uri"),
      });
      if (!tenant)
        return oauthError(
          400,
          "invalid_request",
          "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
        );
      const issued = kit.credentials.issueTokens({
        tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TTL_SECONDS,
        withRefreshToken: true,
      });
      const expiresAtSeconds = Math.floor(Date.now() / 1000) + REFRESH_TTL_SECONDS;
      return c.json({
        access_token: issued.accessToken,
        expires_in: ACCESS_TTL_SECONDS,
        refresh_token: sealRefreshToken(kit, issued.refreshToken ?? "", expiresAtSeconds),
        refresh_token_expires_in: REFRESH_TTL_SECONDS,
        scope: "r_ads,r_ads_reporting,rw_ads",
      });
    }

    if (grantType === "refresh_token") {
      const sealed = field("refresh_token");
      // A kit token handed out without this flow (the demo seed) carries no sealed expiry: a full year.
      const opened = openRefreshToken(kit, sealed) ?? {
        token: sealed,
        expiresAtSeconds: Math.floor(Date.now() / 1000) + REFRESH_TTL_SECONDS,
      };
      const remaining = opened.expiresAtSeconds - Math.floor(Date.now() / 1000);
      const check = remaining > 0 ? await kit.credentials.checkRefreshToken(opened.token, PLATFORM) : null;
      if (!check?.ok)
        return oauthError(400, "invalid_request", "The provided refresh token is invalid, expired or revoked.");
      const issued = kit.credentials.issueTokens({
        tenant: check.tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TTL_SECONDS,
        withRefreshToken: false,
      });
      // The same refresh token comes back with what is left of its life.
      return c.json({
        access_token: issued.accessToken,
        expires_in: ACCESS_TTL_SECONDS,
        refresh_token: sealed,
        refresh_token_expires_in: remaining,
        scope: "r_ads,r_ads_reporting,rw_ads",
      });
    }
    return oauthError(400, "unsupported_grant_type", `The grant_type ${grantType || "(none)"} is not supported.`);
  });

  // Token revocation (form-encoded client_id, client_secret, token): the member's grant to the app
  // ends, its access and refresh tokens with it.
  app.post("/oauth/v2/revoke", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    if (field("client_id") !== credentials().clientId || field("client_secret") !== credentials().clientSecret)
      return c.json({ error: "invalid_client", error_description: "Client authentication failed" }, 401);
    const token = field("token");
    if (!token)
      return c.json({ error: "invalid_request", error_description: 'A required parameter "token" is missing' }, 400);
    const access = await kit.credentials.checkAccessToken(token, PLATFORM);
    const check = access.ok
      ? access
      : await kit.credentials.checkRefreshToken(openRefreshToken(kit, token)?.token ?? token, PLATFORM);
    if (!check.ok)
      return c.json({ error: "invalid_request", error_description: "The token is invalid, expired or revoked." }, 400);
    await kit.credentials.revokeGrant(check.tenant, PLATFORM);
    return c.body(null, 200);
  });
}
