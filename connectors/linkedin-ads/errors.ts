import type { z } from "zod";
import { PlatformError } from "#core/shared/connector-port.ts";
import { linkedInErrorSchema, linkedInOAuthErrorSchema } from "./schemas.ts";

// LinkedIn's 401 subcodes: 65601 means the member revoked the app, so no refresh can help.
const REVOKED_TOKEN_CODE = 65601;

/** Maps a non-2xx REST answer (`{"message","serviceErrorCode","status"}`) to a PlatformError. */
export function mapLinkedInApiError(response: Response, body: unknown): PlatformError {
  const parsed = linkedInErrorSchema.safeParse(body);
  const status = response.status;
  const code = parsed.success ? (parsed.data.serviceErrorCode ?? null) : null;
  const message = (parsed.success ? parsed.data.message : undefined) ?? `LinkedIn answered ${status}.`;
  const details = { platformCode: code, httpStatus: status };
  // LinkedIn throttles with a bare 429: no Retry-After and no rate-limit headers, so no wait hint.
  if (status === 429) return new PlatformError("linkedin-ads", "throttled", message, details);
  if (status >= 500) return new PlatformError("linkedin-ads", "unavailable", message, details);
  if (status === 401) {
    const isRevoked = code === REVOKED_TOKEN_CODE || /revoked/i.test(message);
    return new PlatformError("linkedin-ads", isRevoked ? "access_revoked" : "token_expired", message, details);
  }
  return new PlatformError("linkedin-ads", "rejected", message, details);
}

/**
 * Maps a refused call to the OAuth token endpoint. A refused refresh token (expired after its
 * 365 days, or revoked) means only a new consent helps; a refused code is a rejected request.
 */
export function mapLinkedInTokenError(response: Response, body: unknown, isRefresh: boolean): PlatformError {
  const parsed = linkedInOAuthErrorSchema.safeParse(body);
  const status = response.status;
  const code = parsed.success ? parsed.data.error : null;
  const message = parsed.success
    ? (parsed.data.error_description ?? parsed.data.error)
    : `LinkedIn's token endpoint answered ${status}.`;
  const details = { platformCode: code, httpStatus: status };
  if (status === 429) return new PlatformError("linkedin-ads", "throttled", message, details);
  if (status >= 500) return new PlatformError("linkedin-ads", "unavailable", message, details);
  if (isRefresh && code !== "invalid_client")
    return new PlatformError("linkedin-ads", "access_revoked", message, details);
  return new PlatformError("linkedin-ads", "rejected", message, details);
}

/** Parses a 2xx body; an unexpected shape is a rejected call with the first problem named. */
export function parseLinkedInBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new PlatformError(
    "linkedin-ads",
    "rejected",
    `LinkedIn answered ${what} in an unexpected shape${where}: ${issue?.message ?? "invalid"}.`,
  );
}
