import type { Hono } from "hono";
import type { SandboxKit } from "../sandbox-kit.ts";
import { ACCESS_TOKEN_SECONDS, oauthError, PLATFORM, renderSignInError, SCOPE } from "./microsoft-ads-common.ts";

/** The Microsoft identity platform's authorize and token endpoints (v2.0, the "common" tenant). */

export function registerMicrosoftOAuth(app: Hono, kit: SandboxKit): void {
  // ------------------------------------------------------------------------------------------
  // OAuth (Microsoft identity platform, v2.0 endpoints of the "common" tenant).

  app.get("/common/oauth2/v2.0/authorize", (c) => {
    const query = c.req.query();
    const credentials = kit.appCredentials(PLATFORM);
    if (!query.client_id || query.client_id !== credentials.clientId) {
      return renderSignInError(
        c,
        `AADSTS700016: Application with identifier '${query.client_id ?? ""}' was not found in the directory 'Microsoft Accounts'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant.`,
      );
    }
    if (!query.redirect_uri) {
      return renderSignInError(
        c,
        "AADSTS900144: The request body must contain the following parameter: 'redirect_uri'.",
      );
    }
    // Checked before anything is reported by redirecting: only the registered URI (Adhelm's callback).
    if (!kit.isAppCallback(PLATFORM, query.redirect_uri)) {
      return renderSignInError(
        c,
        `AADSTS50011: The redirect URI '${query.redirect_uri}' specified in the request does not match the redirect URIs configured for the application '${query.client_id}'. Make sure the redirect URI sent in the request matches one added to your application in the Azure portal.`,
      );
    }
    // With the registered redirect URI, Microsoft reports the remaining problems back to the app.
    const fail = (error: string, description: string) => {
      const target = new URL(query.redirect_uri ?? "");
      target.searchParams.set("error", error);
      target.searchParams.set("error_description", description);
      if (query.state) target.searchParams.set("state", query.state);
      return c.redirect(target.toString(), 302);
    };
    if (query.response_type !== "code") {
      return fail(
        "unsupported_response_type",
        `AADSTS700054: response_type '${query.response_type ?? ""}' is not enabled for the application.`,
      );
    }
    if (!query.scope?.split(" ").includes(SCOPE)) {
      return fail("invalid_scope", "AADSTS70011: The provided value for the input parameter 'scope' is not valid.");
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
      if (decision.isAllowed) {
        const code = kit.credentials.issueCode({
          tenant: decision.tenant,
          platform: PLATFORM,
          clientId: decision.clientId,
          redirectUri: decision.redirectUri,
        });
        target.searchParams.set("code", code);
      } else {
        target.searchParams.set("error", "access_denied");
        target.searchParams.set("error_subcode", "cancel");
        target.searchParams.set("error_description", "AADSTS65004: User declined to consent to access the app.");
      }
      if (decision.state) target.searchParams.set("state", decision.state);
      return target.toString();
    }),
  );

  app.post("/common/oauth2/v2.0/token", async (c) => {
    c.header("cache-control", "no-store");
    const form = Object.fromEntries(new URLSearchParams(await c.req.text().catch(() => ""))) as Record<
      string,
      string | undefined
    >;
    const credentials = kit.appCredentials(PLATFORM);
    if (!form.client_id || form.client_id !== credentials.clientId) {
      return oauthError(
        c,
        400,
        "unauthorized_client",
        700016,
        `AADSTS700016: Application with identifier '${form.client_id ?? ""}' was not found in the directory 'Microsoft Accounts'.`,
      );
    }
    if (form.client_secret !== credentials.clientSecret) {
      return oauthError(
        c,
        401,
        "invalid_client",
        7000215,
        "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app.",
      );
    }
    let tenant: string;
    if (form.grant_type === "authorization_code") {
      const redeemed = form.code
        ? kit.credentials.redeemCode(form.code, {
            platform: PLATFORM,
            clientId: form.client_id,
            redirectUri: form.redirect_uri ?? "",
          })
        : null;
      if (!redeemed) {
        return oauthError(
          c,
          400,
          "invalid_grant",
          70000,
          "AADSTS70000: The provided value for the 'code' parameter is not valid. The code has expired, was already redeemed or was issued for another redirect URI.",
        );
      }
      tenant = redeemed;
    } else if (form.grant_type === "refresh_token") {
      const check = form.refresh_token
        ? await kit.credentials.checkRefreshToken(form.refresh_token, PLATFORM)
        : ({ ok: false, reason: "invalid" } as const);
      if (!check.ok) {
        return check.reason === "revoked"
          ? oauthError(
              c,
              400,
              "invalid_grant",
              50173,
              "AADSTS50173: The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password.",
            )
          : oauthError(
              c,
              400,
              "invalid_grant",
              9002313,
              "AADSTS9002313: Invalid request. Request is malformed or invalid.",
            );
      }
      tenant = check.tenant;
    } else {
      return oauthError(
        c,
        400,
        "unsupported_grant_type",
        70003,
        `AADSTS70003: The app requested an unsupported grant type '${form.grant_type ?? ""}'.`,
      );
    }
    // Microsoft rotates refresh tokens: every answer carries a new one.
    const issued = kit.credentials.issueTokens({
      tenant,
      platform: PLATFORM,
      accessTtlSeconds: ACCESS_TOKEN_SECONDS,
      withRefreshToken: true,
    });
    const expiresIn = issued.expiresIn ?? ACCESS_TOKEN_SECONDS;
    return c.json({
      token_type: "Bearer",
      scope: `${SCOPE} offline_access`,
      expires_in: expiresIn,
      ext_expires_in: expiresIn,
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
    });
  });
}
