import { readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";
import { mapShopifyGraphQLErrors, mapShopifyHttpError, parseShopifyBody } from "./errors.ts";
import { resolveShopBase, SHOPIFY_API_VERSION } from "./metadata.ts";
import {
  type ShopifyOrder,
  type ShopifyShop,
  shopifyGraphQLEnvelopeSchema,
  shopifyOrdersSchema,
  shopifyShopSchema,
} from "./schemas.ts";

export interface ShopifySession {
  config: ConnectorConfig;
  shop: string;
  accessToken: string;
}

const SHOP_QUERY = "query DescribeShop { shop { name currencyCode ianaTimezone } }";

/**
 * Paid orders, oldest first. Every order costs 8 points (the order and seven nested objects), and
 * one query may cost at most 1,000 points, so a page holds 100 orders (803 points) rather than
 * the connection's maximum of 250, which this selection would price at 2,003.
 */
const ORDERS_QUERY = `query PaidOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, sortKey: CREATED_AT, query: $query) {
    edges {
      node {
        id
        name
        createdAt
        currencyCode
        displayFinancialStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        totalRefundedSet { shopMoney { amount currencyCode } }
        customerJourneySummary { ready lastVisit { utmParameters { source medium campaign } } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const SHOPIFY_ORDERS_PAGE_SIZE = 100;

async function callShopifyGraphQL(
  session: ShopifySession,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<unknown> {
  const response = await sendPlatformRequest({
    platform: "shopify",
    url: `${resolveShopBase(session.config, session.shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
    headers: { "X-Shopify-Access-Token": session.accessToken },
    json: { query, variables },
  });
  const body = await readJsonBody(response);
  if (!response.ok) throw mapShopifyHttpError(response, body);
  const envelope = parseShopifyBody(shopifyGraphQLEnvelopeSchema, body, "the GraphQL request");
  if ((envelope.errors && envelope.errors.length > 0) || envelope.data == null) throw mapShopifyGraphQLErrors(envelope);
  return envelope.data;
}

export async function fetchShopifyShop(session: ShopifySession): Promise<ShopifyShop> {
  const data = await callShopifyGraphQL(session, SHOP_QUERY);
  return parseShopifyBody(shopifyShopSchema, data, "the shop query").shop;
}

/**
 * The orders search: created in [from, to) (ISO instants in UTC, so the shop's time zone does not
 * shift the days) and paid, including orders refunded since, whose refunds we report.
 */
export function buildPaidOrdersSearch(fromIso: string, toIso: string): string {
  return `created_at:>='${fromIso}' created_at:<'${toIso}' (financial_status:paid OR financial_status:partially_refunded OR financial_status:refunded)`;
}

/** Every page of the orders connection (cursor pagination on `pageInfo.endCursor`). */
export async function fetchShopifyOrders(
  session: ShopifySession,
  search: string,
  pageSize: number,
): Promise<ShopifyOrder[]> {
  const orders: ShopifyOrder[] = [];
  let after: string | null = null;
  for (;;) {
    const data = await callShopifyGraphQL(session, ORDERS_QUERY, { first: pageSize, after, query: search });
    const connection = parseShopifyBody(shopifyOrdersSchema, data, "the orders query").orders;
    for (const edge of connection.edges) orders.push(edge.node);
    const next = connection.pageInfo.endCursor ?? null;
    // Stop on a cursor that does not move, rather than loop forever.
    if (!connection.pageInfo.hasNextPage || !next || next === after) return orders;
    after = next;
  }
}
