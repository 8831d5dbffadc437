import type { ConnectorConfig, DateRange, StoreConnector, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import {
  buildPaidOrdersSearch,
  fetchShopifyOrders,
  fetchShopifyShop,
  SHOPIFY_ORDERS_PAGE_SIZE,
  type ShopifySession,
} from "./client.ts";
import { mapShopifyOrder, mapShopifyShop } from "./mappers.ts";
import {
  buildShopifyAuthorizeUrl,
  completeShopifyAuthorization,
  refreshShopifyTokens,
  revokeShopifyAccess,
} from "./oauth.ts";
import { normalizeShopDomain } from "./shop-domain.ts";

export interface ShopifyConnectorOptions {
  /** Orders per GraphQL page (at most 124 keeps the query under Shopify's 1,000-point cap). */
  pageSize?: number;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** `read_orders` reaches the last 60 days: today (UTC) and the 59 days before it stay safely inside. */
const READ_ORDERS_DAYS = 60;

/**
 * The UTC instants [from, to) to ask for: the range's days, clamped to what `read_orders` can
 * see. Null when nothing of the range is visible.
 */
export function clampShopifyOrderWindow(range: DateRange, now: Date): { from: string; to: string } | null {
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const earliest = todayStart - (READ_ORDERS_DAYS - 1) * DAY_MS;
  const from = Math.max(Date.parse(`${range.from}T00:00:00Z`), earliest);
  const to = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(to) || from >= to) return null;
  return { from: toShopifyInstant(from), to: toShopifyInstant(to) };
}

function toShopifyInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Shopify store connector (GraphQL Admin API 2026-10). Reads `config.urls.shopBase`, a template
 * with `{shop}` (see metadata.ts). Tokens are expiring offline tokens (1 hour) with a rotating
 * refresh token; `context.shop` holds the shop domain.
 *
 * Orders: only the last 60 days are visible with `read_orders`, so `fetchPaidOrders` clamps its
 * range to today (UTC) and the 59 days before; older days return nothing here.
 */
export function createShopifyConnector(config: ConnectorConfig, options: ShopifyConnectorOptions = {}): StoreConnector {
  const pageSize = options.pageSize ?? SHOPIFY_ORDERS_PAGE_SIZE;
  const now = options.now ?? (() => new Date());
  const session = (tokens: TokenSet): ShopifySession => {
    const shop = tokens.context.shop;
    if (!shop) throw new PlatformError("shopify", "rejected", "This Shopify connection has no shop domain.");
    return { config, shop, accessToken: tokens.accessToken };
  };

  return {
    platform: "shopify",
    normalizeStoreAddress: normalizeShopDomain,
    authorizeUrl: (input) => buildShopifyAuthorizeUrl(config, input),
    completeAuthorization: (callback, input) => completeShopifyAuthorization(config, callback, input),
    refreshTokens: (tokens) => refreshShopifyTokens(config, tokens),
    revokeAccess: (tokens) => revokeShopifyAccess(config, tokens),

    async describeStore(tokens) {
      return mapShopifyShop(await fetchShopifyShop(session(tokens)));
    },

    async fetchPaidOrders(tokens, range) {
      const window = clampShopifyOrderWindow(range, now());
      if (!window) return [];
      const orders = await fetchShopifyOrders(session(tokens), buildPaidOrdersSearch(window.from, window.to), pageSize);
      return orders.map(mapShopifyOrder);
    },
  };
}
