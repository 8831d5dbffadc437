import type { z } from "zod";
import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { businessUseCaseUsageSchema, type GraphError, graphErrorSchema } from "./schemas.ts";

const PLATFORM = "facebook-ads";

/** Meta's throttling codes: 4 app, 17 user, 32 page, 613 ad account, 80000–80014 business use case. */
const THROTTLE_CODES = new Set([4, 17, 32, 613]);
/** Subcodes of code 190 that mean the grant itself is gone (app removed, password changed, …). */
const REVOKED_SUBCODES = new Set([458, 459, 460, 464]);

/** Where a request was sent: an OAuth refusal means the grant is gone, an API one may be fixed by a refresh. */
export type GraphContext = "api" | "oauth";

export interface GraphCall {
  url: string;
  method?: "GET" | "POST" | "DELETE";
  /** Query parameters for GET, a form body for POST (DELETE sends none). */
  params?: Record<string, string>;
  accessToken?: string;
  context?: GraphContext;
}

/** Sends one Graph API request and parses the answer, or throws the classified PlatformError. */
export async function callGraph<Schema extends z.ZodType>(call: GraphCall, schema: Schema): Promise<z.infer<Schema>> {
  const method = call.method ?? "GET";
  const url = new URL(call.url);
  if (method === "GET") for (const [key, value] of Object.entries(call.params ?? {})) url.searchParams.set(key, value);
  const response = await sendPlatformRequest({
    platform: PLATFORM,
    url: url.toString(),
    method,
    // The header keeps tokens out of URLs (and so out of paging.next links and logs).
    headers: call.accessToken ? { authorization: `Bearer ${call.accessToken}` } : {},
    form: method === "POST" ? (call.params ?? {}) : undefined,
  });
  const body = await readJsonBody(response);
  const envelope = graphErrorSchema.safeParse(body);
  if (envelope.success) throw classifyGraphError(envelope.data.error, response, call.context ?? "api");
  if (!response.ok) throw errorFromStatus(PLATFORM, response);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new PlatformError(PLATFORM, "rejected", `Meta answered with an unexpected shape: ${parsed.error.message}`, {
      httpStatus: response.status,
    });
  return parsed.data;
}

/** Maps Meta's `{error:{code,error_subcode,…}}` to our kinds. */
export function classifyGraphError(error: GraphError, response: Response, context: GraphContext): PlatformError {
  const details = {
    platformCode: error.error_subcode ? `${error.code}/${error.error_subcode}` : String(error.code),
    httpStatus: response.status,
  };
  const isThrottle = THROTTLE_CODES.has(error.code) || (error.code >= 80000 && error.code <= 80014);
  if (isThrottle)
    return new PlatformError(PLATFORM, "throttled", error.message, {
      ...details,
      retryAfterMs: readRegainAccessMs(response.headers.get("x-business-use-case-usage")),
    });
  if (response.status >= 500 || error.code === 2 || error.is_transient)
    return new PlatformError(PLATFORM, "unavailable", error.message, details);
  if (error.code === 190 || error.code === 102) {
    const isRevoked =
      context === "oauth" || (error.error_subcode !== undefined && REVOKED_SUBCODES.has(error.error_subcode));
    return new PlatformError(PLATFORM, isRevoked ? "access_revoked" : "token_expired", error.message, details);
  }
  // 200–299: a permission the grant no longer carries; only a new consent brings it back.
  if (error.code >= 200 && error.code <= 299)
    return new PlatformError(PLATFORM, "access_revoked", error.message, details);
  // A refused code or token exchange (used/expired code, bad token): the user has to connect again.
  if (context === "oauth" && error.code === 100)
    return new PlatformError(PLATFORM, "access_revoked", error.message, details);
  // Meta's own words for people (e.g. the minimum budget) explain more than "Invalid parameter".
  const message = error.error_user_msg ? `${error.message}: ${error.error_user_msg}` : error.message;
  return new PlatformError(PLATFORM, "rejected", message, details);
}

/** The longest `estimated_time_to_regain_access` (minutes) in the BUC usage header, as milliseconds. */
function readRegainAccessMs(header: string | null): number | null {
  if (!header) return null;
  let usage: unknown;
  try {
    usage = JSON.parse(header);
  } catch {
    return null;
  }
  const parsed = businessUseCaseUsageSchema.safeParse(usage);
  if (!parsed.success) return null;
  const minutes = Object.values(parsed.data)
    .flat()
    .map((entry) => entry.estimated_time_to_regain_access ?? 0);
  const longest = Math.max(0, ...minutes);
  return longest > 0 ? longest * 60_000 : null;
}
