import { createMiddleware } from "hono/factory";

/** better-auth's session cookie, with or without the production __Host- prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?adhelm\.session_token=/;

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Answers that belong to one person must not be kept by a shared cache (a proxy, a CDN) nor
 * reused from the browser's disk after sign-out: a request that carried a session, an answer that
 * sets a cookie, and React Router's ".data" answers (loader and action data) get
 * `Cache-Control: private, no-store` unless the route chose its own caching (static assets, the
 * versioned /media URLs, the API's revalidated pages, public documents such as the sitemap).
 */
export function privateCache() {
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (headers.has("cache-control")) return;
    const isPersonal =
      SESSION_COOKIE.test(c.req.header("cookie") ?? "") ||
      headers.getSetCookie().length > 0 ||
      c.req.path.endsWith(".data");
    if (isPersonal) headers.set("Cache-Control", PRIVATE_NO_STORE);
  });
}
