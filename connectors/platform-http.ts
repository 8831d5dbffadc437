import type { FetchLike } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import type { PlatformId } from "#core/shared/platforms.ts";
import { parseRetryAfter } from "./platform-error.ts";

export interface PlatformRequest {
  platform: PlatformId;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (serialized here) or a form body. */
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs?: number;
  /**
   * The outbound guard, for addresses a user typed (`ConnectorConfig.fetch`). It re-checks every
   * redirect itself, so redirects are followed; with the global fetch they are not.
   */
  fetch?: FetchLike;
}

/** What the outbound guard throws: a kind, our own words, and whether trying again can help. */
interface RefusedRequest extends Error {
  kind: string;
  isRetryable: boolean;
}

function isRefusedRequest(error: unknown): error is RefusedRequest {
  return (
    error instanceof Error &&
    error.name === "OutboundError" &&
    typeof (error as Partial<RefusedRequest>).kind === "string" &&
    typeof (error as Partial<RefusedRequest>).isRetryable === "boolean"
  );
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Sends one request to a platform. Network failures and timeouts become `unavailable`, and any
 * 5xx or 429 becomes `unavailable` or `throttled` with the Retry-After hint, unless the connector
 * reads the body first: connectors call `readBody` and map their platform's envelope themselves.
 */
export async function sendPlatformRequest(request: PlatformRequest): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  const send: FetchLike = request.fetch ?? fetch;
  try {
    return await send(request.url, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: request.fetch ? "follow" : "manual",
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    // The guard's kind (blocked_address, timeout, too_large, …) becomes the code; a refusal is not retried.
    if (isRefusedRequest(error))
      throw new PlatformError(request.platform, error.isRetryable ? "unavailable" : "rejected", error.message, {
        platformCode: error.kind,
        httpStatus: null,
      });
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
    throw new PlatformError(request.platform, "unavailable", `The platform ${reason}.`, { httpStatus: null });
  }
}

/**
 * The parsed JSON body, or null when the body is empty or not JSON. Given the platform, a body that
 * cannot be read to its end (the request's timeout struck mid-answer, the connection dropped) is the
 * platform being unavailable, which a later attempt can fix, rather than an answer of the wrong shape.
 */
export async function readJsonBody(response: Response, platform?: PlatformId): Promise<unknown> {
  const text = await response.text().catch((error: unknown) => {
    if (!platform) return "";
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "broke off";
    throw new PlatformError(platform, "unavailable", `The platform's answer ${reason} before its end.`, {
      httpStatus: response.status,
    });
  });
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The fallback for an answer the platform's own envelope did not explain: 429 is throttling,
 * 5xx an outage, 401 an expired token, anything else a rejection.
 */
export function errorFromStatus(platform: PlatformId, response: Response, message?: string): PlatformError {
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  if (status === 429)
    return new PlatformError(platform, "throttled", message ?? "Too many requests.", {
      retryAfterMs,
      httpStatus: status,
    });
  if (status >= 500)
    return new PlatformError(platform, "unavailable", message ?? `The platform answered ${status}.`, {
      retryAfterMs,
      httpStatus: status,
    });
  if (status === 401)
    return new PlatformError(platform, "token_expired", message ?? "The access token is no longer valid.", {
      httpStatus: status,
    });
  return new PlatformError(platform, "rejected", message ?? `The platform refused the request (${status}).`, {
    httpStatus: status,
  });
}
