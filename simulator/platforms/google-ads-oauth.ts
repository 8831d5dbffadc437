import type { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import {
  ACCESS_TOKEN_SECONDS,
  PLATFORM,
  readBasicCredentials,
  readForm,
  renderOAuthError,
  SCOPE,
} from "./google-ads-common.ts";

/** Google's OAuth consent page, token endpoint and revocation endpoint. */

export function registerGoogleOAuth(app: Hono, kit: SandboxKit): void {
  // ------------------------------------------------------------------------------------------
  // OAuth: the consent page and the token endpoint.

  app.get("/o/oauth2/v2/auth", (c) => {
    const query = c.req.query();
    const credentials = kit.appCredentials(PLATFORM);
    if (!query.client_id || query.client_id !== credentials.clientId) {
      return renderOAuthError(c, 401, "invalid_client", "The OAuth client was not found.");
    }
    if (!query.redirect_uri) {
      return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: redirect_uri");
    }
    // Only the redirect URI registered for the client (Adhelm's callback); anything else is an error page.
    if (!kit.isAppCallback(PLATFORM, query.redirect_uri)) {
      return renderOAuthError(
        c,
        400,
        "redirect_uri_mismatch",
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${query.redirect_uri}`,
      );
    }
    if (!query.response_type) {
      return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: response_type");
    }
    if (query.response_type !== "code") {
      return renderOAuthError(c, 400, "unsupported_response_type", `Invalid response_type: ${query.response_type}`);
    }
    if (!query.scope) return renderOAuthError(c, 400, "invalid_request", "Missing required parameter: scope");
    if (!query.scope.split(" ").includes(SCOPE)) {
      return renderOAuthError(c, 400, "invalid_scope", "Some requested scopes were invalid.");
    }
    return kit.consent.render(c, {
      platform: PLATFORM,
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      state: query.state ?? "",
      scope: query.scope,
    });
  });

  app.post(
    "/consent",
    kit.consent.handler((decision) => {
      const target = new URL(decision.redirectUri);
      if (decision.state) target.searchParams.set("state", decision.state);
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        target.searchParams.set("code", code);
        target.searchParams.set("scope", decision.scope ?? SCOPE);
      } else {
        target.searchParams.set("error", "access_denied");
        target.searchParams.set("error_description", "The user denied access to the application.");
      }
      return target.toString();
    }),
  );

  app.post("/token", async (c) => {
    c.header("cache-control", "no-store");
    const form = await readForm(c);
    const credentials = kit.appCredentials(PLATFORM);
    const basic = readBasicCredentials(c.req.header("authorization"));
    const clientId = form.client_id ?? basic?.id;
    const clientSecret = form.client_secret ?? basic?.secret;
    if (!clientId || clientId !== credentials.clientId) {
      return c.json({ error: "invalid_client", error_description: "The OAuth client was not found." }, 401);
    }
    if (clientSecret !== credentials.clientSecret) {
      return c.json({ error: "invalid_client", error_description: "Unauthorized" }, 401);
    }
    if (form.grant_type === "authorization_code") {
      if (!form.code)
        return c.json({ error: "invalid_request", error_description: "Missing required parameter: code" }, 400);
      const tenant = kit.credentials.redeemCode(form.code, {
        platform: PLATFORM,
        clientId,
        redirectUri: form.redirect_uri ?? "",
      });
      if (!tenant) return c.json({ error: "invalid_grant", error_description: "Bad Request" }, 400);
      const issued = kit.credentials.issueTokens({
        tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TOKEN_SECONDS,
        withRefreshToken: true,
      });
      return c.json({
        access_token: issued.accessToken,
        expires_in: issued.expiresIn ?? ACCESS_TOKEN_SECONDS,
        refresh_token: issued.refreshToken,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    if (form.grant_type === "refresh_token") {
      if (!form.refresh_token) {
        return c.json(
          { error: "invalid_request", error_description: "Missing required parameter: refresh_token" },
          400,
        );
      }
      const check = await kit.credentials.checkRefreshToken(form.refresh_token, PLATFORM);
      if (!check.ok) {
        return c.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      }
      // Google keeps the refresh token: a refresh only issues a new access token.
      const issued = kit.credentials.issueTokens({
        tenant: check.tenant,
        platform: PLATFORM,
        accessTtlSeconds: ACCESS_TOKEN_SECONDS,
        withRefreshToken: false,
      });
      return c.json({
        access_token: issued.accessToken,
        expires_in: issued.expiresIn ?? ACCESS_TOKEN_SECONDS,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    return c.json(
      { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${form.grant_type ?? ""}` },
      400,
    );
  });

  // ------------------------------------------------------------------------------------------
  // Revocation (oauth2.googleapis.com/revoke): an access or refresh token, form-encoded or in the
  // query. The whole grant goes: its refresh token and every access token issued from it.

  app.post("/revoke", async (c) => {
    const form = await readForm(c);
    const token = form.token ?? c.req.query("token");
    if (!token)
      return c.json({ error: "invalid_request", error_description: "Missing required parameter: token" }, 400);
    const access = await kit.credentials.checkAccessToken(token, PLATFORM);
    const check = access.ok ? access : await kit.credentials.checkRefreshToken(token, PLATFORM);
    if (!check.ok) return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
    await kit.credentials.revokeGrant(check.tenant, PLATFORM);
    return c.body(null, 200);
  });
}
