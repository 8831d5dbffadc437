import { readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { ConnectorConfig, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { mapWooError, mapWooTransportError, parseWooBody } from "./errors.ts";
import { resolveStoreBase } from "./metadata.ts";
import { type WooOrder, type WooSite, wooCurrencySchema, wooOrdersSchema, wooSiteSchema } from "./schemas.ts";

export interface WooSession {
  config: ConnectorConfig;
  store: string;
  consumerKey: string;
  consumerSecret: string;
}

export function createWooSession(config: ConnectorConfig, tokens: TokenSet): WooSession {
  const store = tokens.context.store;
  if (!store) throw new PlatformError("woocommerce", "rejected", "This WooCommerce connection has no store URL.");
  if (!tokens.refreshToken)
    throw new PlatformError("woocommerce", "access_revoked", "This WooCommerce connection has no consumer secret.");
  return { config, store, consumerKey: tokens.accessToken, consumerSecret: tokens.refreshToken };
}

/** Statuses of paid orders: processing and completed, and refunded (paid, then given back). */
const PAID_STATUSES = "processing,completed,refunded";

async function callWoo(session: WooSession, path: string, query?: URLSearchParams) {
  const url = `${resolveStoreBase(session.config, session.store)}${path}${query ? `?${query.toString()}` : ""}`;
  // HTTP Basic with the consumer key and secret (WooCommerce takes it over HTTPS).
  const basic = Buffer.from(`${session.consumerKey}:${session.consumerSecret}`).toString("base64");
  // A live store is an address a user typed: config.fetch is then the server's outbound guard.
  const response = await sendPlatformRequest({
    platform: "woocommerce",
    url,
    headers: { authorization: `Basic ${basic}` },
    fetch: session.config.fetch,
  }).catch((error: unknown) => {
    throw mapWooTransportError(error);
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapWooError(response, body);
  return { response, body };
}

export async function fetchWooSite(session: WooSession): Promise<WooSite> {
  const { body } = await callWoo(session, "/wp-json/");
  return parseWooBody(wooSiteSchema, body, "the site index");
}

export async function fetchWooCurrency(session: WooSession): Promise<string> {
  const { body } = await callWoo(session, "/wp-json/wc/v3/data/currencies/current");
  return parseWooBody(wooCurrencySchema, body, "the store currency").code;
}

/**
 * Paid orders created after `afterGmt` and before `beforeGmt` (both exclusive, GMT,
 * "YYYY-MM-DDTHH:mm:ss"), oldest first, walking `page` up to X-WP-TotalPages.
 */
export async function fetchWooOrders(
  session: WooSession,
  afterGmt: string,
  beforeGmt: string,
  perPage: number,
): Promise<WooOrder[]> {
  const orders: WooOrder[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      after: afterGmt,
      before: beforeGmt,
      dates_are_gmt: "true",
      status: PAID_STATUSES,
      orderby: "date",
      order: "asc",
      per_page: String(perPage),
      page: String(page),
    });
    const { response, body } = await callWoo(session, "/wp-json/wc/v3/orders", query);
    const batch = parseWooBody(wooOrdersSchema, body, "the orders list");
    orders.push(...batch);
    const totalPages = Number(response.headers.get("x-wp-totalpages"));
    const isLast = Number.isFinite(totalPages) && totalPages > 0 ? page >= totalPages : batch.length < perPage;
    if (isLast || batch.length === 0) return orders;
  }
}
