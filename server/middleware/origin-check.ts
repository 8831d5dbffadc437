import { createMiddleware } from "hono/factory";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request that a browser could send with our cookies:
 * the Origin must be ours; without an Origin, Fetch Metadata must say same-origin. A request
 * carrying neither and no cookie (curl, a server) has no ambient credentials to abuse, and neither
 * has one that authenticates with a Bearer API key and no cookie.
 */
export function originCheck(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const hasCookie = Boolean(c.req.header("cookie"));
    // An API client that authenticates with a Bearer key and sends no cookie carries no ambient
    // credentials to abuse, whatever its Origin.
    if (!hasCookie && /^Bearer\s/i.test(c.req.header("authorization") ?? "")) return next();
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
