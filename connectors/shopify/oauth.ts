import { createHmac, timingSafeEqual } from "node:crypto";
import { readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { mapShopifyHttpError, mapShopifyTokenError, parseShopifyBody } from "./errors.ts";
import { resolveShopBase, SHOPIFY_SCOPES } from "./metadata.ts";
import { shopifyTokenSchema } from "./schemas.ts";
import { isShopDomain, normalizeShopDomain } from "./shop-domain.ts";

/** A callback older than this is refused, so a leaked callback URL cannot be replayed later. */
const CALLBACK_MAX_AGE_SECONDS = 24 * 3600;

function requireShop(storeAddress: string): string {
  const shop = normalizeShopDomain(storeAddress);
  if (!shop) throw new PlatformError("shopify", "rejected", `Not a Shopify shop domain: ${storeAddress}`);
  return shop;
}

/** `{shopBase}/admin/oauth/authorize` with client_id, scope=read_orders, redirect_uri and state. */
export function buildShopifyAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput & { storeAddress: string }) {
  const shop = requireShop(input.storeAddress);
  const params = new URLSearchParams({
    client_id: config.clientId,
    scope: SHOPIFY_SCOPES,
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${resolveShopBase(config, shop)}/admin/oauth/authorize?${params.toString()}`;
}

/**
 * Shopify signs its callbacks: `hmac` is the hex HMAC-SHA256, keyed with the client secret, of
 * every other parameter sorted by name and joined as `name=value&…`.
 */
export function verifyShopifyHmac(params: URLSearchParams, clientSecret: string): boolean {
  const hmac = params.get("hmac");
  if (!hmac || !/^[0-9a-f]{64}$/i.test(hmac)) return false;
  const message = [...params.entries()]
    .filter(([name]) => name !== "hmac" && name !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const expected = createHmac("sha256", clientSecret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(hmac, "hex"));
}

/** Verifies the callback (hmac, shop, state, age), then exchanges the code for an expiring offline token. */
export async function completeShopifyAuthorization(
  config: ConnectorConfig,
  callback: URLSearchParams | Record<string, unknown>,
  input: AuthorizeInput & { storeAddress: string },
): Promise<TokenSet> {
  if (!(callback instanceof URLSearchParams))
    throw new PlatformError("shopify", "rejected", "Shopify's callback is a query string.");
  const shop = requireShop(input.storeAddress);
  if (!verifyShopifyHmac(callback, config.clientSecret))
    throw new PlatformError("shopify", "rejected", "Shopify's callback signature (hmac) does not verify.");
  const callbackShop = callback.get("shop") ?? "";
  if (!isShopDomain(callbackShop) || callbackShop !== shop)
    throw new PlatformError("shopify", "rejected", `The callback is for ${callbackShop || "no shop"}, not ${shop}.`);
  if (callback.get("state") !== input.state)
    throw new PlatformError("shopify", "rejected", "The callback's state does not match this authorization.");
  const timestamp = Number(callback.get("timestamp"));
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > CALLBACK_MAX_AGE_SECONDS)
    throw new PlatformError("shopify", "rejected", "The callback's timestamp is missing or too old.");
  const code = callback.get("code");
  if (!code) throw new PlatformError("shopify", "rejected", "Shopify's callback carries no code.");
  // `expiring: 1` asks for an expiring offline token (1 hour, with a refresh token).
  return requestTokens(
    config,
    shop,
    { client_id: config.clientId, client_secret: config.clientSecret, code, expiring: 1 },
    null,
  );
}

/** A new access token; Shopify rotates the refresh token on every refresh, so both are replaced. */
export async function refreshShopifyTokens(config: ConnectorConfig, tokens: TokenSet): Promise<TokenSet> {
  const shop = tokens.context.shop;
  if (!shop) throw new PlatformError("shopify", "access_revoked", "This Shopify connection has no shop.");
  if (!tokens.refreshToken)
    throw new PlatformError(
      "shopify",
      "access_revoked",
      "This Shopify token does not expire and has no refresh token.",
    );
  return requestTokens(
    config,
    shop,
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
    },
    tokens,
  );
}

/**
 * Uninstalls the app from the shop (`DELETE /admin/api_permissions/current.json` with its token):
 * every token of the installation stops working. A token Shopify refuses answers 401
 * (`token_expired`: a refresh tells whether the app is still installed).
 */
export async function revokeShopifyAccess(config: ConnectorConfig, tokens: TokenSet): Promise<void> {
  const shop = tokens.context.shop;
  if (!shop) throw new PlatformError("shopify", "rejected", "This Shopify connection has no shop domain.");
  const response = await sendPlatformRequest({
    platform: "shopify",
    url: `${resolveShopBase(config, shop)}/admin/api_permissions/current.json`,
    method: "DELETE",
    headers: { "X-Shopify-Access-Token": tokens.accessToken },
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapShopifyHttpError(response, body);
}

async function requestTokens(
  config: ConnectorConfig,
  shop: string,
  json: Record<string, unknown>,
  previous: TokenSet | null,
): Promise<TokenSet> {
  const response = await sendPlatformRequest({
    platform: "shopify",
    url: `${resolveShopBase(config, shop)}/admin/oauth/access_token`,
    json,
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapShopifyTokenError(response, body, previous !== null);
  const answer = parseShopifyBody(shopifyTokenSchema, body, "the token request");
  const now = Date.now();
  const context: Record<string, string> = { ...previous?.context, shop };
  if (answer.scope) context.scope = answer.scope;
  if (answer.refresh_token_expires_in !== undefined)
    context.refreshTokenExpiresAt = new Date(now + answer.refresh_token_expires_in * 1000).toISOString();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: answer.expires_in === undefined ? null : new Date(now + answer.expires_in * 1000),
    context,
  };
}
