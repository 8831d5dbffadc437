import type { AuthorizeInput, ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { parseWooBody } from "./errors.ts";
import { resolveStoreBase, WOOCOMMERCE_APP_NAME, WOOCOMMERCE_SCOPE } from "./metadata.ts";
import { wooKeysSchema } from "./schemas.ts";
import { normalizeStoreUrl } from "./store-url.ts";

/**
 * WooCommerce key provisioning (`/wc-auth/v1/authorize`). `AuthorizeInput.redirectUri` yields
 * both URLs the store needs:
 * - `return_url` = redirectUri: the browser comes back there with `success=1|0&user_id=<state>`.
 * - `callback_url` = redirectUri with `/keys` appended to its path (before any query): the store
 *   POSTs `{key_id, user_id, consumer_key, consumer_secret, key_permissions}` there as JSON,
 *   server to server, and sends the browser on only after a 2xx. Live stores require it to be https.
 * `user_id` carries our state, so both requests can be matched to the authorization.
 */
export function buildWooKeysCallbackUrl(redirectUri: string): string {
  const url = new URL(redirectUri);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/keys`;
  return url.toString();
}

function requireStore(storeAddress: string): string {
  const store = normalizeStoreUrl(storeAddress);
  if (!store) throw new PlatformError("woocommerce", "rejected", `Not a store URL: ${storeAddress}`);
  return store;
}

export function buildWooAuthorizeUrl(config: ConnectorConfig, input: AuthorizeInput & { storeAddress: string }) {
  const store = requireStore(input.storeAddress);
  const params = new URLSearchParams({
    app_name: WOOCOMMERCE_APP_NAME,
    scope: WOOCOMMERCE_SCOPE,
    user_id: input.state,
    return_url: input.redirectUri,
    callback_url: buildWooKeysCallbackUrl(input.redirectUri),
  });
  return `${resolveStoreBase(config, store)}/wc-auth/v1/authorize?${params.toString()}`;
}

/**
 * Turns the keys the store POSTed to callback_url into tokens: accessToken = consumer_key,
 * refreshToken = consumer_secret, no expiry (keys live until the store owner deletes them).
 * Given the browser's return query instead, it reports the owner's refusal.
 */
export async function completeWooAuthorization(
  callback: URLSearchParams | Record<string, unknown>,
  input: AuthorizeInput & { storeAddress: string },
): Promise<TokenSet> {
  const store = requireStore(input.storeAddress);
  if (callback instanceof URLSearchParams) {
    const message =
      callback.get("success") === "0"
        ? "The store owner did not approve access."
        : "The keys arrive at the callback URL; pass the body the store POSTed there.";
    throw new PlatformError("woocommerce", "rejected", message);
  }
  const keys = parseWooBody(wooKeysSchema, callback, "the keys callback");
  if (keys.user_id !== input.state)
    throw new PlatformError("woocommerce", "rejected", "The keys belong to another authorization (user_id).");
  if (keys.key_permissions === "write")
    throw new PlatformError("woocommerce", "rejected", "The store granted write-only keys; Adhelm needs read access.");
  return {
    accessToken: keys.consumer_key,
    refreshToken: keys.consumer_secret,
    expiresAt: null,
    context: { store, keyId: keys.key_id, keyPermissions: keys.key_permissions },
  };
}
