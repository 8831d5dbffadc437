/**
 * Who and what a log line belongs to: the server opens a context per request (server/middleware/request-logger.ts) with
 * its id, and the organization is added once the caller is known, so every line logged while
 * serving the request carries both (the logger's mixin reads them, adapters/logger.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestLogContext {
  requestId: string;
  organizationId?: string;
}

const current = new AsyncLocalStorage<RequestLogContext>();

export function runWithRequestLogContext<T>(context: RequestLogContext, work: () => T): T {
  return current.run(context, work);
}

/**
 * The fields of the request being served, for a log line; empty outside a request. A fresh object
 * each time: pino merges the line's own fields into what its mixin returns.
 */
export function requestLogFields(): Partial<RequestLogContext> {
  const context = current.getStore();
  if (!context) return {};
  return context.organizationId === undefined
    ? { requestId: context.requestId }
    : { requestId: context.requestId, organizationId: context.organizationId };
}

/** Records the organization the request acts for; ignored outside a request. */
export function noteRequestOrganization(organizationId: string): void {
  const context = current.getStore();
  if (context) context.organizationId = organizationId;
}
