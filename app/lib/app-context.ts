import { createContext } from "react-router";
import type { Env, PublicEnv } from "#core/config/env.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { AppServices } from "./app-services.ts";

export interface AppContextValue {
  env: Env;
  publicEnv: PublicEnv;
  logger: Logger;
  services: AppServices;
  requestId: string;
  /** CSP nonce for the inline scripts of this response. */
  nonce: string;
  /** The caller's address (the socket's, or X-Forwarded-For behind a trusted proxy), for rate limits. */
  clientAddress: string;
}

// The server and the bundled app each load their own copy of this module; a process-wide symbol
// makes both copies share one context key.
const contextKey = Symbol.for("adhelm.app-context");
const registry = globalThis as typeof globalThis & { [contextKey]?: ReturnType<typeof createContext<AppContextValue>> };
registry[contextKey] ??= createContext<AppContextValue>();
export const appContext = registry[contextKey];
