import { createMiddleware } from "hono/factory";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request that a browser could send with our cookies:
 * the Origin must be ours; without an Origin, Fetch Metadata must say same-origin. A request
 * carrying neither and no cookie (curl, a server) has no ambient credentials to abuse.
 */
export function originCheck(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const hasCookie = Boolean(c.req.header("cookie"));
    const isAllowed = origin
      ? origin === appOrigin
      : fetchSite
        ? fetchSite === "same-origin" || fetchSite === "none"
        : !hasCookie;
    if (!isAllowed) {
      return c.json(
        { error: { code: "forbidden_origin", message: "This request came from another site and was refused." } },
        403,
      );
    }
    return next();
  });
}
