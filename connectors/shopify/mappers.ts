import type { ExternalOrder, ExternalStore } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { ShopifyOrder, ShopifyShop } from "./schemas.ts";

export function mapShopifyShop(shop: ShopifyShop): ExternalStore {
  return { name: shop.name, currency: shop.currencyCode.toUpperCase(), timeZone: shop.ianaTimezone };
}

/** "gid://shopify/Order/5001" → "5001", the id the shop admin shows. */
export function readShopifyLegacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

/**
 * Amounts are the shop currency (`shopMoney`), not what the buyer paid in (`presentmentMoney`).
 * UTMs come from the last visit before the order (Shopify's own last-click view), and only once
 * the journey is `ready`; until then they are null and a later sync fills them in.
 */
export function mapShopifyOrder(order: ShopifyOrder): ExternalOrder {
  const currency = (order.totalPriceSet.shopMoney.currencyCode ?? order.currencyCode).toUpperCase();
  const journey = order.customerJourneySummary;
  const utm = journey?.ready ? journey.lastVisit?.utmParameters : null;
  return {
    externalId: readShopifyLegacyId(order.id),
    name: order.name,
    createdAt: new Date(order.createdAt).toISOString(),
    currency,
    totalMinor: decimalToMinor(order.totalPriceSet.shopMoney.amount, currency),
    refundedMinor: decimalToMinor(order.totalRefundedSet.shopMoney.amount, currency),
    utmSource: utm?.source ?? null,
    utmMedium: utm?.medium ?? null,
    utmCampaign: utm?.campaign ?? null,
  };
}
