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

// The server and the pages' build share this one module (vite.config.ts keeps it out of the build),
// so there is one key.
export const appContext = createContext<AppContextValue>();
