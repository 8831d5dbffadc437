import type { ConnectorConfig, DateRange, StoreConnector } from "#core/shared/connector-port.ts";
import { createWooSession, fetchWooCurrency, fetchWooOrders, fetchWooSite } from "./client.ts";
import { mapWooOrder, mapWooStore } from "./mappers.ts";
import { buildWooAuthorizeUrl, completeWooAuthorization } from "./oauth.ts";
import { normalizeStoreUrl, storeUrlProblem } from "./store-url.ts";

export interface WooCommerceConnectorOptions {
  /** Orders per page (WooCommerce allows 1–100). */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

/** GMT bounds for the REST API, whose `after`/`before` are exclusive and take "YYYY-MM-DDTHH:mm:ss". */
export function toWooOrderWindow(range: DateRange): { after: string; before: string } {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  const format = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  // One second earlier, so an order at exactly midnight is "after" it.
  return { after: format(from - 1000), before: format(to) };
}

/**
 * WooCommerce store connector (REST API wc/v3). Reads `config.urls.storeBase` (see metadata.ts);
 * live, its calls go through `config.fetch` (the outbound guard) and http:// stores are refused
 * when `config.requireHttps`.
 * Authorization follows oauth.ts: the keys the store POSTs become the tokens (accessToken =
 * consumer_key, refreshToken = consumer_secret, no expiry; `context.store` is the store URL) and
 * `refreshTokens` returns them unchanged. Calls use HTTP Basic, so live stores need HTTPS.
 * `describeStore` reads the site name and time zone from the WordPress index (`/wp-json/`) and
 * the currency from `/wp-json/wc/v3/data/currencies/current`. No `revokeAccess`: WooCommerce has
 * no endpoint to delete an API key with itself; the store's owner revokes it in WooCommerce.
 */
export function createWooCommerceConnector(
  config: ConnectorConfig,
  options: WooCommerceConnectorOptions = {},
): StoreConnector {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    platform: "woocommerce",
    normalizeStoreAddress: normalizeStoreUrl,
    storeAddressProblem: (store) => storeUrlProblem(store, { requireHttps: config.requireHttps }),
    authorizeUrl: (input) => buildWooAuthorizeUrl(config, input),
    completeAuthorization: (callback, input) => completeWooAuthorization(callback, input),
    // Keys do not expire and cannot be refreshed.
    refreshTokens: async (tokens) => tokens,

    async describeStore(tokens) {
      const session = createWooSession(config, tokens);
      const [site, currency] = await Promise.all([fetchWooSite(session), fetchWooCurrency(session)]);
      return mapWooStore(site, currency);
    },

    async fetchPaidOrders(tokens, range) {
      const window = toWooOrderWindow(range);
      const orders = await fetchWooOrders(createWooSession(config, tokens), window.after, window.before, pageSize);
      return orders.map(mapWooOrder);
    },
  };
}
