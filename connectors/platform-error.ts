import type { PlatformId } from "./connector.ts";

/**
 * Every failure a connector reports, whatever the platform's own envelope looked like.
 * - `throttled`: the platform asked us to slow down (Google QuotaError, Meta 4/17/32/613/80004,
 *   Microsoft 117, LinkedIn 429, TikTok's throttling code, Shopify THROTTLED, Retry-After). Retry later.
 * - `unavailable`: 5xx, a timeout or a network failure. Retry later.
 * - `token_expired`: the access token no longer works; refresh it and try once more.
 * - `access_revoked`: the grant is gone (refresh refused, consent withdrawn). Only Reconnect helps.
 * - `rejected`: the platform refused the request itself; retrying changes nothing.
 */
export type PlatformErrorKind = "throttled" | "unavailable" | "token_expired" | "access_revoked" | "rejected";

/**
 * Route modules run from the server build, which carries its own copy of this file, while the
 * connectors come from source: a brand shared through the global symbol registry lets
 * `instanceof PlatformError` recognise an error made by either copy.
 */
const PLATFORM_ERROR_BRAND = Symbol.for("adhelm.platform-error");

export class PlatformError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && PLATFORM_ERROR_BRAND in value;
  }

  readonly [PLATFORM_ERROR_BRAND] = true;
  readonly platform: PlatformId;
  readonly kind: PlatformErrorKind;
  /** The platform's wait hint, when it gave one. */
  readonly retryAfterMs: number | null;
  /** The platform's own error code, for logs and the sync history. */
  readonly platformCode: string | null;
  readonly httpStatus: number | null;

  constructor(
    platform: PlatformId,
    kind: PlatformErrorKind,
    message: string,
    details: { retryAfterMs?: number | null; platformCode?: string | number | null; httpStatus?: number | null } = {},
  ) {
    super(message);
    this.name = "PlatformError";
    this.platform = platform;
    this.kind = kind;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.platformCode = details.platformCode == null ? null : String(details.platformCode);
    this.httpStatus = details.httpStatus ?? null;
  }

  /** Throttling and outages pass; waiting and trying again is the right answer. */
  get isRetryable(): boolean {
    return this.kind === "throttled" || this.kind === "unavailable";
  }
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Reads a protobuf Duration as JSON ("2.5s") as milliseconds. */
export function parseDurationMs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match ? Math.round(Number(match[1]) * 1000) : null;
}
