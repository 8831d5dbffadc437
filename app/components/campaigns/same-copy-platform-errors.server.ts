/**
 * Route modules run from the server build, which carries its own copy of `core/` and `connectors/`,
 * while `services` (and so the connectors) come from the server's source. A connector therefore
 * throws the source's PlatformError, and the build's copy of the change use cases (retries, token
 * refresh, "the platform refused: …") does not recognise it with `instanceof`. At the connectors'
 * boundary this turns such an error into this copy's PlatformError, with the same facts.
 *
 * Remove once PlatformError is recognised across copies (e.g. a `Symbol.hasInstance` brand).
 */
import type { AdPlatformConnector, ConnectorRegistry } from "../../../connectors/connector.ts";
import { PlatformError } from "../../../connectors/platform-error.ts";

function asThisCopy(error: unknown): unknown {
  if (error instanceof PlatformError || !(error instanceof Error) || error.name !== "PlatformError") return error;
  const other = error as PlatformError;
  const copy = new PlatformError(other.platform, other.kind, other.message, {
    retryAfterMs: other.retryAfterMs,
    platformCode: other.platformCode,
    httpStatus: other.httpStatus,
  });
  copy.stack = other.stack;
  return copy;
}

function withThisCopysErrors(connector: AdPlatformConnector): AdPlatformConnector {
  return new Proxy(connector, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result = value.apply(target, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw asThisCopy(error);
              })
            : result;
        } catch (error) {
          throw asThisCopy(error);
        }
      };
    },
  });
}

export function connectorsWithThisCopysErrors(registry: ConnectorRegistry): ConnectorRegistry {
  return {
    modeOf: (platform) => registry.modeOf(platform),
    adConnector: (platform) => withThisCopysErrors(registry.adConnector(platform)),
    storeConnector: (platform) => registry.storeConnector(platform),
  };
}
