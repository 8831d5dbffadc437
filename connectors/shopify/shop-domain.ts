const SHOP_NAME = /^[a-z0-9][a-z0-9-]*$/;
const SHOP_DOMAIN = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/;

/**
 * The shop's myshopify.com domain from what a merchant types: "demo", "demo.myshopify.com",
 * "https://demo.myshopify.com/admin" or the admin URL "https://admin.shopify.com/store/demo".
 * Custom storefront domains are refused: OAuth only works on the myshopify.com domain.
 */
export function normalizeShopDomain(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (!text) return null;
  if (SHOP_NAME.test(text)) return `${text}.myshopify.com`;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  if (url.hostname === "admin.shopify.com") {
    const store = /^\/store\/([^/]+)/.exec(url.pathname)?.[1];
    return store && SHOP_NAME.test(store) ? `${store}.myshopify.com` : null;
  }
  return SHOP_DOMAIN.test(url.hostname) ? url.hostname : null;
}

/** True for a well-formed myshopify.com domain (what a callback's `shop` must be). */
export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}
