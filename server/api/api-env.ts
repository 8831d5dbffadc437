import type { ApiPrincipal } from "#core/api-keys/api-key-types.ts";

/** What the API's middleware hands its handlers. */
export type ApiEnv = {
  Variables: {
    /** The key's principal; null for an anonymous request (only the OpenAPI document allows one). */
    principal: ApiPrincipal | null;
    requestId: string;
  };
};
