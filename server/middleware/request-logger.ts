import { createMiddleware } from "hono/factory";
import type { RequestIdVariables } from "hono/request-id";
import type { Logger } from "#core/ports/logger.ts";

/** One structured line per request, with the request id that the response also carries. */
export function requestLogger(logger: Logger) {
  return createMiddleware<{ Variables: RequestIdVariables }>(async (c, next) => {
    const startedAt = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const status = c.res.status;
    const line = { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, status, durationMs };
    // The built-in sandbox plays a third party: hundreds of calls per sync, and 5xx answers on purpose.
    if (c.req.path === "/sandbox" || c.req.path.startsWith("/sandbox/")) logger.debug(line, "sandbox request");
    else if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  });
}
