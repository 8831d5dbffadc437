import type { z } from "zod";
import { errorFromStatus, readJsonBody, sendPlatformRequest } from "#connectors/platform-http.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { envelopeSchema } from "./schemas.ts";

const PLATFORM = "tiktok-ads";
const THROTTLE_CODE = 40100;
/** Access token expired, empty, or incorrect/revoked. */
const TOKEN_CODES = new Set([40102, 40104, 40105]);
/** The auth_code is invalid or expired (codes live 10 minutes and work once). */
const INVALID_AUTH_CODE = 40110;

/**
 * Where a request was sent. TikTok tokens are long-term and cannot be refreshed, so a token error
 * while checking a grant (`grant`) or exchanging a code (`oauth`) means only a reconnect helps.
 */
export type TikTokContext = "api" | "grant" | "oauth";

export interface TikTokCall {
  url: string;
  method?: "GET" | "POST";
  /** GET parameters; arrays and objects are JSON-encoded as TikTok expects. */
  query?: Record<string, string | number | string[] | Record<string, unknown>>;
  json?: Record<string, unknown>;
  accessToken?: string;
  context?: TikTokContext;
}

/** Sends one request, unwraps `{code,message,request_id,data}` and parses `data`. */
export async function callTikTok<Schema extends z.ZodType>(call: TikTokCall, schema: Schema): Promise<z.infer<Schema>> {
  const url = new URL(call.url);
  for (const [key, value] of Object.entries(call.query ?? {}))
    url.searchParams.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  const response = await sendPlatformRequest({
    platform: PLATFORM,
    url: url.toString(),
    method: call.method ?? "GET",
    headers: call.accessToken ? { "Access-Token": call.accessToken } : {},
    json: call.json,
  });
  const envelope = envelopeSchema.safeParse(await readJsonBody(response));
  if (!envelope.success) {
    if (!response.ok) throw errorFromStatus(PLATFORM, response);
    throw new PlatformError(PLATFORM, "rejected", "TikTok answered without its response envelope.", {
      httpStatus: response.status,
    });
  }
  const { code, message, data } = envelope.data;
  if (code !== 0) throw classifyTikTokError(code, message, response.status, call.context ?? "api");
  if (!response.ok) throw errorFromStatus(PLATFORM, response, message);
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new PlatformError(PLATFORM, "rejected", `TikTok answered with an unexpected shape: ${parsed.error.message}`, {
      httpStatus: response.status,
    });
  return parsed.data;
}

export function classifyTikTokError(
  code: number,
  message: string,
  httpStatus: number,
  context: TikTokContext,
): PlatformError {
  const details = { platformCode: code, httpStatus };
  if (code === THROTTLE_CODE) return new PlatformError(PLATFORM, "throttled", message, details);
  if (httpStatus >= 500 || code >= 50000) return new PlatformError(PLATFORM, "unavailable", message, details);
  if (TOKEN_CODES.has(code))
    return new PlatformError(PLATFORM, context === "api" ? "token_expired" : "access_revoked", message, details);
  if (code === INVALID_AUTH_CODE) return new PlatformError(PLATFORM, "access_revoked", message, details);
  return new PlatformError(PLATFORM, "rejected", message, details);
}
