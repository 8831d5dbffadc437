/**
 * The store's canonical URL from what a merchant types: "shop.example.com",
 * "https://shop.example.com/", "http://localhost:8080/shop/wp-admin/" → scheme, host and the path
 * WordPress lives under, without a trailing slash. https unless http:// was typed; anything after
 * /wp-admin or /wp-json, and any query or fragment, is dropped.
 */
export function normalizeStoreUrl(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const hostname = url.hostname;
  const isHostname = hostname === "localhost" || /\./.test(hostname) || hostname.startsWith("[");
  if (!isHostname || hostname.startsWith(".") || hostname.endsWith(".")) return null;
  const path = url.pathname
    .replace(/\/(wp-admin|wp-json|wp-login\.php)(\/.*)?$/i, "")
    .replace(/\/index\.php$/i, "")
    .replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path}`;
}

/** Keys travel as HTTP Basic auth, so where https is required a typed http:// address is refused up front. */
export function storeUrlProblem(store: string, options: { requireHttps?: boolean }): string | null {
  if (options.requireHttps && !store.startsWith("https://"))
    return "Enter your store URL with https://, like https://shop.example.com.";
  return null;
}
