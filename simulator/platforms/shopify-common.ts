import { createHmac } from "node:crypto";
import type { Context } from "hono";
import { minorToDecimal } from "../lib/money.ts";
import type { SimOrder } from "../sandbox-kit.ts";
import type { GraphQLError, Schema } from "./shopify-graphql.ts";

/** What the Shopify sandbox's routes share: API versions, GraphQL cost limits, the OAuth error page and HMAC, and order data with its cursors. */

export const PLATFORM = "shopify";
export const ACCESS_TTL_SECONDS = 3600;
export const REFRESH_TTL_SECONDS = 90 * 86_400;
export const SUPPORTED_VERSIONS = new Set(["2026-01", "2026-04", "2026-07", "2026-10"]);
export const KNOWN_SCOPES = new Set([
  "read_orders",
  "read_all_orders",
  "read_products",
  "read_customers",
  "read_analytics",
]);
export const SHOP_DOMAIN = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/;
export const MAX_QUERY_COST = 1000;
export const BUCKET_SIZE = 2000;
export const RESTORE_RATE = 100;
export const MAX_PAGE_SIZE = 250;
export const READ_ORDERS_DAYS = 60;
export const MAX_ORDERS_FIELDS = 5;
export const DAY_MS = 86_400_000;

export const SCHEMA: Schema = {
  QueryRoot: {
    shop: { type: "Shop" },
    orders: {
      type: "OrderConnection",
      args: {
        first: "Int",
        after: "String",
        last: "Int",
        before: "String",
        sortKey: "OrderSortKeys",
        reverse: "Boolean",
        query: "String",
      },
    },
  },
  Shop: {
    id: { type: "ID" },
    name: { type: "String" },
    email: { type: "String" },
    myshopifyDomain: { type: "String" },
    currencyCode: { type: "CurrencyCode" },
    ianaTimezone: { type: "String" },
    timezoneAbbreviation: { type: "String" },
    timezoneOffsetMinutes: { type: "Int" },
  },
  OrderConnection: {
    edges: { type: "[OrderEdge]" },
    nodes: { type: "[Order]" },
    pageInfo: { type: "PageInfo" },
  },
  OrderEdge: { cursor: { type: "String" }, node: { type: "Order" } },
  PageInfo: {
    hasNextPage: { type: "Boolean" },
    hasPreviousPage: { type: "Boolean" },
    startCursor: { type: "String" },
    endCursor: { type: "String" },
  },
  Order: {
    id: { type: "ID" },
    legacyResourceId: { type: "UnsignedInt64" },
    name: { type: "String" },
    createdAt: { type: "DateTime" },
    processedAt: { type: "DateTime" },
    updatedAt: { type: "DateTime" },
    cancelledAt: { type: "DateTime" },
    test: { type: "Boolean" },
    displayFinancialStatus: { type: "OrderDisplayFinancialStatus" },
    currencyCode: { type: "CurrencyCode" },
    presentmentCurrencyCode: { type: "CurrencyCode" },
    sourceName: { type: "String" },
    totalPriceSet: { type: "MoneyBag" },
    currentTotalPriceSet: { type: "MoneyBag" },
    totalRefundedSet: { type: "MoneyBag" },
    customerJourneySummary: { type: "CustomerJourneySummary" },
  },
  MoneyBag: { shopMoney: { type: "MoneyV2" }, presentmentMoney: { type: "MoneyV2" } },
  MoneyV2: { amount: { type: "Decimal" }, currencyCode: { type: "CurrencyCode" } },
  CustomerJourneySummary: {
    ready: { type: "Boolean" },
    daysToConversion: { type: "Int" },
    firstVisit: { type: "CustomerVisit" },
    lastVisit: { type: "CustomerVisit" },
  },
  CustomerVisit: {
    id: { type: "ID" },
    landingPage: { type: "URL" },
    referrerUrl: { type: "URL" },
    source: { type: "String" },
    sourceType: { type: "String" },
    occurredAt: { type: "DateTime" },
    utmParameters: { type: "UTMParameters" },
  },
  UTMParameters: {
    source: { type: "String" },
    medium: { type: "String" },
    campaign: { type: "String" },
    content: { type: "String" },
    term: { type: "String" },
  },
};

export const SORT_KEYS = new Set(["CREATED_AT", "PROCESSED_AT", "UPDATED_AT", "ID"]);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function oauthErrorPage(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><title>Shopify</title></head><body><main><h1>Oauth error</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    400,
  );
}

/** Shopify's `hmac`: hex HMAC-SHA256 of the other parameters, sorted, joined `name=value&…`. */
export function signCallback(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Shopify's Decimal: no trailing zeros beyond one decimal ("25.0", "25.5", "25.55"). */
export function formatShopifyDecimal(minor: number, currency: string): string {
  const text = minorToDecimal(minor, currency);
  if (!text.includes(".")) return `${text}.0`;
  return text.replace(/0+$/, "").replace(/\.$/, ".0");
}

export function toShopifyDateTime(iso: string): string {
  return new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
}

export function financialStatusOf(order: SimOrder): "PAID" | "PARTIALLY_REFUNDED" | "REFUNDED" {
  if (order.refundedMinor <= 0) return "PAID";
  return order.refundedMinor >= order.totalMinor ? "REFUNDED" : "PARTIALLY_REFUNDED";
}

export function encodeCursor(order: SimOrder): string {
  return Buffer.from(JSON.stringify({ last_id: Number(order.id), last_value: order.createdAt })).toString("base64");
}

export function decodeCursor(cursor: string): { id: number; createdAt: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64").toString()) as { last_id?: unknown; last_value?: unknown };
    if (typeof value.last_id !== "number" || typeof value.last_value !== "string") return null;
    return { id: value.last_id, createdAt: value.last_value };
  } catch {
    return null;
  }
}

export function toOrderData(order: SimOrder, shop: string) {
  const currency = order.currency;
  const money = (minor: number) => {
    const amount = { amount: formatShopifyDecimal(minor, currency), currencyCode: currency };
    return { shopMoney: amount, presentmentMoney: amount };
  };
  const createdAt = toShopifyDateTime(order.createdAt);
  const hasUtm = order.utmSource !== null || order.utmMedium !== null || order.utmCampaign !== null;
  const query = new URLSearchParams();
  if (order.utmSource) query.set("utm_source", order.utmSource);
  if (order.utmMedium) query.set("utm_medium", order.utmMedium);
  if (order.utmCampaign) query.set("utm_campaign", order.utmCampaign);
  const visit = {
    id: `gid://shopify/CustomerVisit/${order.id}`,
    landingPage: `https://${shop}/${hasUtm ? `?${query.toString()}` : ""}`,
    referrerUrl: null,
    source: order.utmSource ?? "direct",
    sourceType: hasUtm ? "paid" : null,
    occurredAt: toShopifyDateTime(new Date(Date.parse(order.createdAt) - 20 * 60_000).toISOString()),
    utmParameters: hasUtm
      ? { source: order.utmSource, medium: order.utmMedium, campaign: order.utmCampaign, content: null, term: null }
      : null,
  };
  return {
    id: `gid://shopify/Order/${order.id}`,
    legacyResourceId: order.id,
    name: `#${order.number}`,
    createdAt,
    processedAt: createdAt,
    updatedAt: createdAt,
    cancelledAt: null,
    test: false,
    displayFinancialStatus: financialStatusOf(order),
    currencyCode: currency,
    presentmentCurrencyCode: currency,
    sourceName: "web",
    totalPriceSet: money(order.totalMinor),
    currentTotalPriceSet: money(order.totalMinor - order.refundedMinor),
    totalRefundedSet: money(order.refundedMinor),
    customerJourneySummary: { ready: true, daysToConversion: 1, firstVisit: visit, lastVisit: visit },
  };
}

export type OrdersResult =
  | { ok: true; data: unknown; search: Record<string, unknown> | null }
  | { ok: false; errors: GraphQLError[] };
