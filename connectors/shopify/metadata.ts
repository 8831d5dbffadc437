import type { ConnectorMetadata } from "#connectors/connector.ts";
import type { ConnectorConfig } from "#core/shared/connector-port.ts";

export const SHOPIFY_API_VERSION = "2026-10";
/** `read_orders` reaches the last 60 days of orders; older ones need `read_all_orders`. */
export const SHOPIFY_SCOPES = "read_orders";

/**
 * One URL name, `shopBase`, a template with `{shop}` for the shop's myshopify.com domain: every
 * path (`/admin/oauth/authorize`, `/admin/oauth/access_token`, `/admin/api/2026-10/graphql.json`)
 * hangs under it, live and in the sandbox alike.
 */
export const shopifyMetadata: ConnectorMetadata = {
  platform: "shopify",
  liveUrls: { shopBase: "https://{shop}" },
  sandboxUrls: (root) => ({ shopBase: `${root}/shopify/{shop}` }),
  liveCredentialVariables: { clientId: "SHOPIFY_CLIENT_ID", clientSecret: "SHOPIFY_CLIENT_SECRET" },
};

/** The shop's base URL, e.g. https://demo.myshopify.com or <sandbox>/shopify/demo.myshopify.com. */
export function resolveShopBase(config: ConnectorConfig, shop: string): string {
  const template = config.urls.shopBase;
  if (!template) throw new Error("The Shopify connector needs config.urls.shopBase.");
  return template.replaceAll("{shop}", shop);
}
