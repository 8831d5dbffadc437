import { createMiddleware } from "hono/factory";
import type { RequestIdVariables } from "hono/request-id";
import { observeUseCases } from "#core/access/use-case-observer.ts";
import { noteRequestOrganization, runWithRequestLogContext } from "#core/observability/request-context.ts";
import type { Logger } from "#core/ports/logger.ts";

/**
 * One structured line per request, with the request id that the response also carries (hono's
 * requestId(): a sane incoming X-Request-Id is kept, else one is made). Every line logged while
 * serving it carries that id and, once a use case knows it, the organization (the logger's mixin).
 */
export function requestLogger(logger: Logger) {
  // A use case names the organization the request acts for, once it is known.
  observeUseCases((actor) => noteRequestOrganization(actor.organizationId));
  return createMiddleware<{ Variables: RequestIdVariables }>(async (c, next) => {
    const startedAt = performance.now();
    const context: { requestId: string; organizationId?: string } = { requestId: c.get("requestId") };
    await runWithRequestLogContext(context, next);
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const status = c.res.status;
    const line = { ...context, method: c.req.method, path: c.req.path, status, durationMs };
    // The built-in sandbox plays a third party: hundreds of calls per sync, and 5xx answers on purpose.
    if (c.req.path === "/sandbox" || c.req.path.startsWith("/sandbox/")) logger.debug(line, "sandbox request");
    else if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  });
}
