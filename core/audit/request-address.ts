/**
 * The client address of the request being served, for the audit log: the server sets it once per
 * request (server/app.ts), so a use case deep down records where a change came from without every
 * caller passing it. Jobs run outside any request and record none.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

export function runWithRequestAddress<T>(address: string, work: () => T): T {
  return current.run(address, work);
}

export function requestAddress(): string | null {
  return current.getStore() ?? null;
}
