import type { z } from "zod";
import { parseRetryAfter } from "#connectors/platform-error.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { type ShopifyGraphQLEnvelope, shopifyHttpErrorSchema, shopifyOAuthErrorSchema } from "./schemas.ts";

function describeErrors(errors: unknown): string | null {
  if (typeof errors === "string") return errors;
  if (errors && typeof errors === "object") return JSON.stringify(errors);
  return null;
}

/**
 * Maps a non-200 answer of the Admin API. 401 is a token that no longer works (expired after
 * its hour, or the app was uninstalled: a refresh tells which).
 */
export function mapShopifyHttpError(response: Response, body: unknown): PlatformError {
  const parsed = shopifyHttpErrorSchema.safeParse(body);
  const status = response.status;
  const message = (parsed.success ? describeErrors(parsed.data.errors) : null) ?? `Shopify answered ${status}.`;
  const details = { httpStatus: status, platformCode: status };
  if (status === 429)
    return new PlatformError("shopify", "throttled", message, {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  if (status >= 500) return new PlatformError("shopify", "unavailable", message, details);
  if (status === 401) return new PlatformError("shopify", "token_expired", message, details);
  return new PlatformError("shopify", "rejected", message, details);
}

/**
 * GraphQL answers 200 with `errors[]`. THROTTLED carries no Retry-After, but the cost extension
 * says how long the bucket needs to refill enough for this query.
 */
export function mapShopifyGraphQLErrors(envelope: ShopifyGraphQLEnvelope): PlatformError {
  const errors = envelope.errors ?? [];
  const throttled = errors.find((error) => error.extensions?.code === "THROTTLED");
  if (throttled) {
    const cost = envelope.extensions?.cost;
    const status = cost?.throttleStatus;
    const requested = cost?.requestedQueryCost;
    const retryAfterMs =
      status && requested != null && status.restoreRate > 0
        ? Math.ceil((Math.max(0, requested - status.currentlyAvailable) / status.restoreRate) * 1000)
        : null;
    return new PlatformError("shopify", "throttled", throttled.message, {
      retryAfterMs,
      platformCode: "THROTTLED",
      httpStatus: 200,
    });
  }
  const first = errors[0];
  // Shopify also reports its own failures inside a 200, as INTERNAL_SERVER_ERROR.
  if (errors.some((error) => error.extensions?.code === "INTERNAL_SERVER_ERROR"))
    return new PlatformError("shopify", "unavailable", first?.message ?? "Shopify had an internal error.", {
      platformCode: "INTERNAL_SERVER_ERROR",
      httpStatus: 200,
    });
  return new PlatformError("shopify", "rejected", first?.message ?? "Shopify answered without data.", {
    platformCode: first?.extensions?.code ?? null,
    httpStatus: 200,
  });
}

/** A refused token request: a refused refresh means the grant is gone (uninstalled, or 90 days unused). */
export function mapShopifyTokenError(response: Response, body: unknown, isRefresh: boolean): PlatformError {
  const parsed = shopifyOAuthErrorSchema.safeParse(body);
  const status = response.status;
  const code = parsed.success ? parsed.data.error : null;
  const message = parsed.success
    ? (parsed.data.error_description ?? parsed.data.error)
    : `Shopify's token endpoint answered ${status}.`;
  const details = { platformCode: code, httpStatus: status };
  if (status === 429)
    return new PlatformError("shopify", "throttled", message, {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  if (status >= 500) return new PlatformError("shopify", "unavailable", message, details);
  if (isRefresh && code !== "invalid_client") return new PlatformError("shopify", "access_revoked", message, details);
  return new PlatformError("shopify", "rejected", message, details);
}

export function parseShopifyBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new PlatformError(
    "shopify",
    "rejected",
    `Shopify answered ${what} in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
  );
}
