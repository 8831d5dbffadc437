import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { PlatformId } from "./lib/platform-ids.ts";
import type { SandboxRateLimit } from "./lib/rate-limit.ts";
import type { AppCallbackKind } from "./sandbox-kit.ts";

/**
 * What keeps the sandbox from being a tool against anyone: it sends browsers and requests only to
 * Adhelm's own callbacks, and it limits how often one caller may ask it to compute a market.
 */

/**
 * Calls per minute per caller. A sync makes hundreds of calls in a burst and the server runs a few
 * at once, each counted under its own organization, so this stays far above them.
 */
export const DEFAULT_SANDBOX_REQUESTS_PER_MINUTE = 3000;

/** No platform call our connectors make comes near this; a real platform refuses big bodies too. */
export const SANDBOX_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The most days one report (Google, Meta, Microsoft, LinkedIn) may cover, answered in each
 * platform's error shape beyond it: the market is computed per request, so the span bounds the
 * work. Sync asks for 30 days at a time (TikTok's own limit), its tests for up to 45.
 */
export const MAX_REPORT_DAYS = 93;

/** The most days one order listing may cover (WooCommerce; Shopify's read_orders sees 60). Sync asks for 15. */
export const MAX_ORDER_DAYS = 93;

/** Days from `from` to `to` (YYYY-MM-DD), both counted. */
export function daysCovered(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The check behind `kit.isAppCallback`; without an app URL nothing is a callback. */
export function createAppCallbackCheck(
  appUrl: string | undefined,
): (platform: PlatformId, url: string, kind?: AppCallbackKind) => boolean {
  const base = appUrl?.replace(/\/+$/, "");
  return (platform, url, kind = "browser") => {
    if (!base || !URL.canParse(url)) return false;
    const expected = new URL(`${base}/integrations/${platform}/callback${kind === "keys" ? "/keys" : ""}`);
    const target = new URL(url);
    // The parsed forms compare scheme, host, port and the normalized path (no ../ tricks); a
    // query is the app's business, but userinfo and fragments have no place in a callback.
    return (
      target.origin === expected.origin &&
      target.pathname === expected.pathname &&
      !target.username &&
      !target.password &&
      !target.hash
    );
  };
}

export interface SandboxRateLimitOptions {
  rateLimit: SandboxRateLimit;
  requestsPerMinute: number;
  clientAddress: (c: Context) => string;
  /** The tenant of a genuine sandbox credential (`credentials.tenantOf`). */
  tenantOf: (token: string) => string | null;
}

/**
 * Counts every sandbox call under the tenant of the credential it carries, else under the client's
 * address (consent pages, token exchanges, made-up tokens), with the host's rate limiter (the
 * app's atomic database counter, so every node shares the count). Past the limit it answers a JSON 429 with Retry-After,
 * which every connector reads as throttling.
 */
export function sandboxRateLimit(options: SandboxRateLimitOptions): MiddlewareHandler {
  const limit = options.requestsPerMinute;
  return async (c, next) => {
    const tenant = presentedCredentials(c)
      .map((token) => options.tenantOf(token))
      .find((found) => found !== null);
    const subject = tenant ? `tenant:${digest(tenant)}` : `address:${shorten(options.clientAddress(c))}`;
    const decision = await options.rateLimit({ key: subject, limit, windowSeconds: 60 });
    if (!decision.isAllowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return c.json(
        {
          error: {
            code: "rate_limited",
            message: `Too many sandbox requests: at most ${limit} a minute. Try again in ${decision.retryAfterSeconds} seconds.`,
          },
        },
        429,
      );
    }
    await next();
  };
}

/** Where the platforms carry a token: bearer, Basic (WooCommerce keys), platform headers, query. */
function presentedCredentials(c: Context): string[] {
  const found: string[] = [];
  const authorization = c.req.header("authorization") ?? "";
  const bearer = /^(?:Bearer|OAuth)\s+(\S+)/i.exec(authorization)?.[1];
  if (bearer) found.push(bearer);
  const basic = /^Basic\s+(\S+)/i.exec(authorization)?.[1];
  if (basic) found.push(Buffer.from(basic, "base64").toString().split(":")[0] ?? "");
  for (const header of ["access-token", "x-shopify-access-token"]) {
    const value = c.req.header(header);
    if (value) found.push(value);
  }
  for (const name of ["access_token", "consumer_key"]) {
    const value = c.req.query(name);
    if (value) found.push(value);
  }
  return found;
}

/** The socket's address; requests made in process (tests) have none. */
export function socketAddressOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** Keeps the rate-limit key within its column whatever a proxy forwarded. */
function shorten(address: string): string {
  return address.length <= 64 ? address : digest(address);
}
