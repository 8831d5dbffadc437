import type { z } from "zod";
import { PlatformError, parseRetryAfter } from "../platform-error.ts";
import { wooErrorSchema } from "./schemas.ts";

/**
 * Maps a non-2xx answer. Keys never expire, so a 401/403 about authentication means the keys were
 * deleted or lost their permission: only a new authorization helps (`access_revoked`). Stores have
 * no rate limit of their own; a host or WAF that throttles sends 429 with Retry-After.
 */
export function mapWooError(response: Response, body: unknown): PlatformError {
  const parsed = wooErrorSchema.safeParse(body);
  const status = response.status;
  const code = parsed.success ? parsed.data.code : null;
  const message = parsed.success ? parsed.data.message : `The store answered ${status}.`;
  const details = { platformCode: code ?? status, httpStatus: status };
  if (status === 429)
    return new PlatformError("woocommerce", "throttled", message, {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  if (status >= 500) return new PlatformError("woocommerce", "unavailable", message, details);
  if (status === 401 || (status === 403 && /authentication|cannot_view|forbidden/.test(code ?? "")))
    return new PlatformError("woocommerce", "access_revoked", message, details);
  if (status === 404 && code === "rest_no_route")
    return new PlatformError(
      "woocommerce",
      "rejected",
      `${message} (Is WooCommerce active and are pretty permalinks on?)`,
      details,
    );
  return new PlatformError("woocommerce", "rejected", message, details);
}

export function parseWooBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new PlatformError(
    "woocommerce",
    "rejected",
    `The store answered ${what} in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
  );
}
