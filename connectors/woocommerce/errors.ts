import type { z } from "zod";
import { parseRetryAfter } from "#connectors/platform-error.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { wooErrorSchema } from "./schemas.ts";

/**
 * A store is any server a user names, so its words are never shown or stored: every message here
 * is ours, chosen by status and WP_Error code. The code itself is kept (for logs and the sync
 * history) only when it looks like one.
 */
const CODE_PATTERN = /^[a-z0-9_.-]{1,80}$/i;

/**
 * Maps a non-2xx answer. Keys never expire, so a 401/403 about authentication means the keys were
 * deleted or lost their permission: only a new authorization helps (`access_revoked`). Stores have
 * no rate limit of their own; a host or WAF that throttles sends 429 with Retry-After.
 */
export function mapWooError(response: Response, body: unknown): PlatformError {
  const parsed = wooErrorSchema.safeParse(body);
  const status = response.status;
  const code = parsed.success && CODE_PATTERN.test(parsed.data.code) ? parsed.data.code : null;
  const details = { platformCode: code ?? status, httpStatus: status };
  if (status === 429)
    return new PlatformError("woocommerce", "throttled", "The store asked Adhelm to slow down.", {
      ...details,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  if (status >= 500)
    return new PlatformError("woocommerce", "unavailable", `The store had an error (HTTP ${status}).`, details);
  if (status === 401 || (status === 403 && /authentication|cannot_view|forbidden/.test(code ?? "")))
    return new PlatformError("woocommerce", "access_revoked", "The store refused Adhelm's keys.", details);
  if (status === 404 && code === "rest_no_route")
    return new PlatformError(
      "woocommerce",
      "rejected",
      "The store has no WooCommerce REST API at this address. Is WooCommerce active and are pretty permalinks on?",
      details,
    );
  if (status === 404)
    return new PlatformError("woocommerce", "rejected", "The store has no WordPress site at this address.", details);
  if (status === 400)
    return new PlatformError("woocommerce", "rejected", "The store refused Adhelm's request as invalid.", details);
  if (status >= 300 && status < 400)
    return new PlatformError("woocommerce", "rejected", `The store redirected Adhelm (HTTP ${status}).`, details);
  return new PlatformError("woocommerce", "rejected", `The store refused the request (HTTP ${status}).`, details);
}

/** What a call that got no answer reports, by the outbound guard's kind. */
const TRANSPORT_MESSAGES: Record<string, string> = {
  blocked_address: "The store's address is on a private or reserved network, which Adhelm does not call.",
  blocked_scheme: "The store's address must start with https://.",
  invalid_url: "The store's address is not a valid web address.",
  too_many_redirects: "The store redirected Adhelm too many times.",
  too_large: "The store's answer was too large.",
  timeout: "The store took too long to answer.",
  unreachable: "The store could not be reached.",
};

/** Rewords a failure without an answer (the guard's refusal, a timeout, a network error) as the store's. */
export function mapWooTransportError(error: unknown): unknown {
  if (!(error instanceof PlatformError) || error.httpStatus !== null) return error;
  const message =
    TRANSPORT_MESSAGES[error.platformCode ?? ""] ??
    (error.kind === "unavailable" ? TRANSPORT_MESSAGES.unreachable : "Adhelm could not call the store.");
  return new PlatformError("woocommerce", error.kind, message ?? "The store could not be reached.", {
    platformCode: error.platformCode,
    retryAfterMs: error.retryAfterMs,
    httpStatus: null,
  });
}

export function parseWooBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // The path and the issue come from our schema, not from the store's text.
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new PlatformError(
    "woocommerce",
    "rejected",
    `The store answered ${what} in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
  );
}
